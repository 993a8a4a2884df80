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
        // utime and stime are fields 14 and 15.
        guard let fields = statFields(pid), fields.count > 12, let user = Double(fields[11]),
            let system = Double(fields[12])
        else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// cutime + cstime of `pid` in seconds: the CPU time of its children that ended and were
    /// reaped (waitpid) so far, or nil.
    static func reapedChildrenCPUSeconds(pid: Int32) -> Double? {
        // Fields 16 and 17 of /proc/<pid>/stat.
        guard let fields = statFields(pid), fields.count > 14, let user = Double(fields[13]),
            let system = Double(fields[14])
        else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Whether `pid` is a live process (not gone, not a zombie waiting to be reaped: this
    /// machine's init reaps daemons such as a tmux server late).
    static func isRunning(pid: Int32) -> Bool {
        guard let state = statFields(pid)?.first else { return false }
        return state != "Z" && state != "X"
    }

    /// The fields of /proc/<pid>/stat after "pid (comm)", from the state (field 3) on, or nil.
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The process's name (`comm`), or nil.
    static func name(pid: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// The pids whose parent is `pid`.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { child in
            guard let fields = statFields(child) else { return false }
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Context switches per live thread of `pid`: thread id → (thread name, switches).
    static func threadSwitches(pid: Int32) -> [String: (name: String, switches: Double)] {
        let taskDir = "/proc/\(pid)/task"
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: taskDir) else { return [:] }
        var result: [String: (name: String, switches: Double)] = [:]
        for task in tasks {
            let path = "\(taskDir)/\(task)/status"
            let name = (try? String(contentsOfFile: "\(taskDir)/\(task)/comm", encoding: .utf8)) ?? "?"
            let switches =
                (statusField("voluntary_ctxt_switches:", path: path) ?? 0)
                + (statusField("nonvoluntary_ctxt_switches:", path: path) ?? 0)
            result[task] = (name.trimmingCharacters(in: .whitespacesAndNewlines), switches)
        }
        return result
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

/// CPU time and wakeups of a set of processes between two readings. Wakeups are context switches
/// per thread: a thread that started in between counts whole, one that ended in between is lost.
struct ProcessUsage {
    let pids: [Int32]
    private let cpu: Double
    private let threads: [Int32: [String: (name: String, switches: Double)]]
    private let start: ContinuousClock.Instant

    /// Starts counting for `pids`.
    init(pids: [Int32]) {
        self.pids = pids
        cpu = pids.compactMap { ProcStat.cpuSeconds(pid: $0) }.reduce(0, +)
        threads = Dictionary(uniqueKeysWithValues: pids.map { ($0, ProcStat.threadSwitches(pid: $0)) })
        start = .now
    }

    /// (CPU % of one core, wakeups per second) since `init`.
    func rates() -> (cpuPercent: Double, wakeupsPerSecond: Double) {
        let seconds = (ContinuousClock.now - start).milliseconds / 1000
        let cpuNow = pids.compactMap { ProcStat.cpuSeconds(pid: $0) }.reduce(0, +)
        let wakeups = byThread().map(\.perSecond).reduce(0, +)
        return ((cpuNow - cpu) / seconds * 100, wakeups)
    }

    /// Wakeups per second by thread name since `init`, busiest first.
    func byThread() -> [(name: String, perSecond: Double)] {
        let seconds = (ContinuousClock.now - start).milliseconds / 1000
        var byName: [String: Double] = [:]
        for pid in pids {
            for (tid, entry) in ProcStat.threadSwitches(pid: pid) {
                byName[entry.name, default: 0] += entry.switches - (threads[pid]?[tid]?.switches ?? 0)
            }
        }
        return byName.map { ($0.key, $0.value / seconds) }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
    }
}
