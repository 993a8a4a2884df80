// Blocking read/write helpers on raw descriptors, used by the PTY and socket links. Each link
// reads on its own thread, so a blocking read never stalls the async scenarios.
import Foundation

/// Raw descriptor I/O.
enum FDIO {
    /// Writes all of `bytes`, retrying on EINTR/EAGAIN; throws on other errors.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                usleep(100)
            } else {
                throw BenchError.setup("write failed: errno \(errno)")
            }
        }
    }

    /// Starts a thread that reads `fd` until EOF/error and hands each chunk to `onChunk`, then `onEnd`.
    static func readLoop(
        _ fd: Int32, onChunk: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void
    ) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    onChunk(Array(buffer[0..<count]))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            onEnd()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
