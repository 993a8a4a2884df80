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

    /// Reads until the master would block, the buffer asks to pause, or EOF. Everything available
    /// now is gathered into chunks of up to `chunkSize` bytes (a Linux PTY read returns at most
    /// about 4 KiB), so a flood reaches the consumer in few, large chunks and a keystroke echo in
    /// one small chunk without any waiting.
    private func readAvailable() {
        guard let source, !source.isCancelled else { return }
        while true {
            let (chunk, end) = readBatch()
            let pause = !chunk.isEmpty && buffer.append(chunk)
            switch end {
            case .closed:
                source.cancel()  // 0 or EIO: the child's side of the terminal is closed.
                return
            case .wouldBlock:
                if pause { suspend(source) }
                return
            case .full:
                if pause { return suspend(source) }
            }
        }
    }

    private enum BatchEnd { case full, wouldBlock, closed }

    /// Reads into one chunk until it is full, the master would block, or the terminal is closed.
    private func readBatch() -> ([UInt8], BatchEnd) {
        var end = BatchEnd.full
        let fd = master.rawDescriptor
        var chunk = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { buffer, filled in
            guard let base = buffer.baseAddress else { return }
            while filled < buffer.count {
                let count = read(fd, base + filled, buffer.count - filled)
                if count > 0 {
                    filled += count
                    continue
                }
                let code = errno
                if count < 0 && code == EINTR { continue }
                end = count < 0 && (code == EAGAIN || code == EWOULDBLOCK) ? .wouldBlock : .closed
                return
            }
        }
        // A small read (a keystroke echo) should not pin a 64 KiB allocation while it is queued.
        if chunk.count < Self.chunkSize / 8 { chunk = Array(chunk[0..<chunk.count]) }
        return (chunk, end)
    }

    private func suspend(_ source: DispatchSourceRead) {
        guard !suspended else { return }
        suspended = true
        source.suspend()
    }
}
