// Process figures read from /proc: resident memory, CPU time (all threads) and context switches
// (all live threads), which the TUI scenarios turn into CPU % and wakeups per second.
import Foundation

/// Reads /proc/<pid>/….
enum ProcStat {
    /// VmRSS of `pid` in MiB, or nil if it cannot be read.
    static func residentMiB(pid: Int32) -> Double? {
        statusField("VmRSS:", path: "/proc/\(pid)/status").map { $0 / 1024 }
    }

    /// utime + stime of the whole process in seconds (every thread, live or ended), or nil.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": field 3 is the state; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Voluntary + non-voluntary context switches summed over the live threads of `pid`.
    static func contextSwitches(pid: Int32) -> Double? {
        let taskDir = "/proc/\(pid)/task"
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: taskDir) else { return nil }
        var total = 0.0
        for task in tasks {
            let path = "\(taskDir)/\(task)/status"
            total += (statusField("voluntary_ctxt_switches:", path: path) ?? 0)
            total += (statusField("nonvoluntary_ctxt_switches:", path: path) ?? 0)
        }
        return total
    }

    /// The number after `key` in a /proc status file.
    private static func statusField(_ key: String, path: String) -> Double? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).flatMap {
                $0.split(separator: "\t", omittingEmptySubsequences: true)
            }
            if fields.count >= 2, let value = Double(fields[1]) { return value }
        }
        return nil
    }
}

/// CPU time and wakeups of a set of processes between two readings.
struct ProcessUsage {
    let pids: [Int32]
    private let cpu: Double
    private let switches: Double
    private let start: ContinuousClock.Instant

    /// Starts counting for `pids`.
    init(pids: [Int32]) {
        self.pids = pids
        cpu = pids.compactMap { ProcStat.cpuSeconds(pid: $0) }.reduce(0, +)
        switches = pids.compactMap { ProcStat.contextSwitches(pid: $0) }.reduce(0, +)
        start = .now
    }

    /// (CPU % of one core, wakeups per second) since `init`.
    func rates() -> (cpuPercent: Double, wakeupsPerSecond: Double) {
        let seconds = (ContinuousClock.now - start).milliseconds / 1000
        let cpuNow = pids.compactMap { ProcStat.cpuSeconds(pid: $0) }.reduce(0, +)
        let switchesNow = pids.compactMap { ProcStat.contextSwitches(pid: $0) }.reduce(0, +)
        return ((cpuNow - cpu) / seconds * 100, (switchesNow - switches) / seconds)
    }
}
