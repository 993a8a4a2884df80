// `claudepm-bench latency-proxy`: the tests' latency proxy as a command, to try claudepm over a
// slow link by hand (e.g. `--delay 100 --jitter 20`, then `claudepm --server http://127.0.0.1:PORT`).
// SIGUSR1 stalls the link (sockets stay open: half-open), SIGUSR2 resumes it.
import ArgumentParser
import Foundation
import LatencyProxy

/// Runs a LatencyProxy until interrupted.
struct LatencyProxyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency-proxy",
        abstract: "Forward a TCP port with added latency (SIGUSR1 stalls, SIGUSR2 resumes).")

    @Option(help: "The port to forward to (on --target-host).") var targetPort: UInt16
    @Option(help: "The host to forward to.") var targetHost = "127.0.0.1"
    @Option(help: "The loopback port to listen on (0: any free port).") var listenPort: UInt16 = 0
    @Option(help: "Delay each way, in milliseconds.") var delay = 100
    @Option(help: "Extra random delay per chunk, up to this many milliseconds.") var jitter = 0

    func run() throws {
        let proxy = try LatencyProxy(
            targetHost: targetHost, targetPort: targetPort, listenPort: listenPort,
            profile: ProxyProfile(delay: .milliseconds(delay), jitter: .milliseconds(jitter)))
        print("listening on 127.0.0.1:\(proxy.port) → \(targetHost):\(targetPort), \(delay) ms each way ± \(jitter) ms")
        fflush(nil)
        signal(SIGUSR1, SIG_IGN)
        signal(SIGUSR2, SIG_IGN)
        let queue = DispatchQueue(label: "latency-proxy.signals")
        let stall = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: queue)
        stall.setEventHandler { proxy.stall() }
        stall.resume()
        let resume = DispatchSource.makeSignalSource(signal: SIGUSR2, queue: queue)
        resume.setEventHandler { proxy.resume() }
        resume.resume()
        while true { sleep(3600) }
    }
}
