// InputReader: each read of the input is stamped when it arrives, on the loop's clock, not when
// the loop takes it; the end of input is reported; `stop()` ends the thread before it reads
// again, so what is typed after the UI is gone stays for the shell.
import ClientRuntime
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct InputReaderTests {
    /// A pipe whose read end the reader reads; the write end is the "terminal".
    final class Pipe {
        let read: Int32
        let write: Int32

        init() throws {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            read = fds[0]
            write = fds[1]
        }

        func type(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
        }

        func closeWriter() { close(write) }

        deinit {
            close(read)
            close(write)
        }
    }

    /// Waits (up to 10 s) until `reader` has something to take.
    static func waitForPending(_ reader: InputReader) -> Bool {
        var descriptor = pollfd(fd: reader.wakeFD, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 10_000) == 1 && reader.hasPending
    }

    /// Takes from `reader` until `count` chunks came or 10 s passed.
    static func take(_ count: Int, from reader: InputReader) -> (chunks: [InputChunk], closed: Bool) {
        var chunks: [InputChunk] = []
        var closed = false
        while chunks.count < count, !closed, waitForPending(reader) {
            let taken = reader.take()
            chunks += taken.chunks
            closed = taken.closed
        }
        return (chunks, closed)
    }

    @Test("two keys typed 100 ms apart are two chunks stamped 100 ms apart, though taken together")
    func keysAreStampedWhenTheyArrive() throws {
        let pipe = try Pipe()
        let clock = ManualLoopClock()
        let reader = try InputReader(fd: pipe.read, clock: clock)
        defer { reader.stop() }
        pipe.type([0x1B])
        // The reader has read the Esc once it says something waits; the wake byte stays unread.
        try #require(Self.waitForPending(reader), "the reader did not read the Esc")
        clock.advance(by: .milliseconds(100))
        pipe.type(Array("q".utf8))
        let taken = Self.take(2, from: reader)
        let expected = [
            InputChunk(bytes: [0x1B], at: .zero), InputChunk(bytes: Array("q".utf8), at: .milliseconds(100)),
        ]
        #expect(taken.chunks == expected, "not stamped when read")
    }

    /// Waits (up to 10 s) until the reader's thread has ended.
    static func waitUntilStopped(_ reader: InputReader) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !reader.hasEnded, Date() < deadline { usleep(1000) }
        return reader.hasEnded
    }

    @Test("end of input is reported once everything read was taken")
    func endOfInputIsReported() throws {
        let pipe = try Pipe()
        let reader = try InputReader(fd: pipe.read, clock: ManualLoopClock())
        pipe.type(Array("abc".utf8))
        pipe.closeWriter()
        let taken = Self.take(2, from: reader)
        #expect(taken.chunks.flatMap(\.bytes) == Array("abc".utf8))
        #expect(taken.closed)
    }

    @Test("after stop, bytes typed are left unread for whoever reads the terminal next")
    func stopLeavesLaterInputUnread() throws {
        let pipe = try Pipe()
        let reader = try InputReader(fd: pipe.read, clock: ManualLoopClock())
        pipe.type(Array("a".utf8))
        try #require(Self.waitForPending(reader))
        reader.stop()
        // The thread ends at its next poll; a byte typed after that stays in the pipe.
        try #require(Self.waitUntilStopped(reader), "the reader kept reading after stop")
        pipe.type(Array("ls\n".utf8))
        var left = [UInt8](repeating: 0, count: 16)
        _ = fcntl(pipe.read, F_SETFL, fcntl(pipe.read, F_GETFL) | O_NONBLOCK)
        let count = left.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
        #expect(count == 3 && Array(left[0..<3]) == Array("ls\n".utf8), "the stopped reader took input")
        #expect(reader.take().chunks.flatMap(\.bytes) == Array("a".utf8), "what was read before stop is lost")
    }
}
