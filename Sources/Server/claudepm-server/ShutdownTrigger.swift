// What ends the server: SIGINT or SIGTERM, and, with `--exit-on-stdin-eof`, the end of standard
// input. `claudepm demo` hands its server a pipe as stdin; when claudepm goes away for any reason
// (even SIGKILL, or a closed terminal) the kernel closes that pipe, and the demo server shuts down
// and removes its tmux server instead of being left running.

import Dispatch
import Foundation

/// Waits for the first reason to shut down.
enum ShutdownTrigger {
    /// Why the server is stopping.
    enum Reason: CustomStringConvertible {
        case signal(Int32)
        case stdinClosed

        var description: String {
            switch self {
            case .signal(let number): return "signal \(number)"
            case .stdinClosed: return "standard input closed"
            }
        }
    }

    /// Returns when one of `signals` arrives, or, if `stdinEOF`, when standard input ends.
    static func wait(signals: [Int32], stdinEOF: Bool) async -> Reason {
        let (stream, continuation) = AsyncStream<Reason>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(.signal(number)) }
            source.resume()
            sources.append(source)
        }
        if stdinEOF {
            Thread.detachNewThread {
                // Read and discard until EOF (or an error, which means the same here).
                var buffer = [UInt8](repeating: 0, count: 512)
                while read(STDIN_FILENO, &buffer, buffer.count) > 0 {}
                continuation.yield(.stdinClosed)
            }
        }
        for await reason in stream {
            sources.forEach { $0.cancel() }
            return reason
        }
        return .signal(0)
    }
}
