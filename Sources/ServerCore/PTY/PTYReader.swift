// Reads the non-blocking PTY master with a DispatchSource, feeds PTYOutputBuffer, pauses the source
// while the consumer lags (see PTYOutputBuffer), and treats EIO or 0 as the end of output.
// libdispatch on Linux only reacts to EPOLLIN, and a master whose other side closed with nothing left
// to read reports only EPOLLHUP: so once the child has exited, a timer polls for EOF as well.
import Dispatch
import Foundation

/// Reads one PTY master until EOF. All its state is touched only on `queue`.
// @unchecked Sendable: `source` and `suspended` are only read or written on the serial `queue`.
final class PTYReader: @unchecked Sendable {
    private let queue: DispatchQueue
    private let master: PTYMaster
    private let buffer: PTYOutputBuffer
    private var source: DispatchSourceRead?
    private var suspended = false
    private var eofTimer: DispatchSourceTimer?
    private static let chunkSize = 65_536

    /// Starts reading at once; `buffer` receives the chunks and is finished at EOF.
    init(master: PTYMaster, buffer: PTYOutputBuffer, label: String) {
        self.master = master
        self.buffer = buffer
        queue = DispatchQueue(label: label)
        buffer.setDrainHandler { [weak self] in self?.resumeReading() }
        queue.async { self.start() }
    }

    /// Called (from any thread) when the consumer drained the buffer: resumes reading.
    func resumeReading() {
        queue.async {
            guard let source = self.source, self.suspended else { return }
            self.suspended = false
            source.resume()
        }
    }

    /// Called when the child exited: from now on, also look for EOF every 50 ms.
    func childExited() {
        queue.async {
            guard self.source != nil, self.eofTimer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: self.queue)
            timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
            timer.setEventHandler { [self] in
                if !suspended { readAvailable() }
            }
            self.eofTimer = timer
            timer.resume()
        }
    }

    /// Stops reading and closes the master, even if the child's side is still open (e.g. held by a
    /// grandchild). Queued output is still delivered.
    func stop() {
        queue.async {
            guard let source = self.source else { return }
            if self.suspended {
                self.suspended = false
                source.resume()
            }
            source.cancel()
        }
    }

    private func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: master.rawDescriptor, queue: queue)
        source.setEventHandler { [self] in readAvailable() }
        source.setCancelHandler { [self] in
            eofTimer?.cancel()
            eofTimer = nil
            master.close()
            buffer.finish()
            self.source = nil
        }
        self.source = source
        source.resume()
    }

    /// Reads until the master would block, the buffer asks to pause, or EOF.
    private func readAvailable() {
        guard let source, !source.isCancelled else { return }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(master.rawDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                if buffer.append(Array(chunk[0..<count])) {
                    if !suspended {
                        suspended = true
                        source.suspend()
                    }
                    return
                }
                continue
            }
            let code = errno
            if count < 0 && code == EINTR { continue }
            if count < 0 && (code == EAGAIN || code == EWOULDBLOCK) { return }
            source.cancel()  // 0 or EIO: the child's side of the terminal is closed.
            return
        }
    }
}
