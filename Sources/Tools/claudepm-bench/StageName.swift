// The names of the bench's stages: each has a tmux socket (`-L`) and, but the tmux comparison, a
// temporary directory of the same name (`root`), ending in the bench's process id. One list, so that the
// interrupt cleanup (InterruptCleanup) finds every stage the scenarios create.
import Foundation

/// One stage of the bench, by the name of its tmux socket and directory.
enum StageName: String, CaseIterable {
    case environment = ""
    case comparison = "-cmp"
    case server = "-srv"
    case tui = "-tui"

    /// `claudepm-bench[-kind]-<pid>`.
    var name: String { "claudepm-bench\(rawValue)-\(getpid())" }

    /// The stage's temporary directory (the tmux comparison creates none: it works in another
    /// stage's).
    var root: URL { FileManager.default.temporaryDirectory.appendingPathComponent(name) }
}
