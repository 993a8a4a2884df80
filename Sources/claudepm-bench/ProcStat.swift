// Process figures read from /proc: resident memory of a pid.
import Foundation

/// Reads /proc/<pid>/status.
enum ProcStat {
    /// VmRSS of `pid` in MiB, or nil if it cannot be read.
    static func residentMiB(pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kib = Double(fields[1]) { return kib / 1024 }
        }
        return nil
    }
}
