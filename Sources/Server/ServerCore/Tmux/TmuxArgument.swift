// Making arbitrary user data safe as tmux arguments. tmux never sees a shell here, but its own
// command parser still interprets two things inside argv elements (measured on tmux 3.3a):
//  - an element ending in `;` ends the command (the rest of argv would become a new command);
//    `\;` at the end stands for a literal `;`;
//  - some options are format-expanded (`-s`, `-n`, `-c`, `-T`), where `#{…}` and even `#(cmd)`
//    (a shell command!) are interpreted; `##` stands for a literal `#`.

/// Escaping and validation of values passed to tmux.
public enum TmuxArgument {
    /// Protects a trailing `;` so tmux does not take it as a command separator.
    /// `Tmux.run` applies this to every argument.
    public static func escapingSeparator(_ argument: String) -> String {
        guard argument.hasSuffix(";") else { return argument }
        return String(argument.dropLast()) + "\\;"
    }

    /// Doubles `#` for options whose value tmux expands as a format.
    public static func escapingFormat(_ value: String) -> String {
        value.replacingOccurrences(of: "#", with: "##")
    }

    /// Checks a session name: tmux would silently rewrite `:` and `.` (they separate target parts),
    /// and we also refuse empty names and control characters.
    public static func validateSessionName(_ name: String) throws(TmuxError) {
        if name.isEmpty || name.contains(":") || name.contains(".") || containsControl(name) {
            throw .invalidSessionName(name)
        }
    }

    /// A usable session name derived from any text: `:`/`.`/control characters become `_`,
    /// an empty result becomes `claudepm`.
    public static func sanitizedSessionName(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Character in
            if scalar == ":" || scalar == "." || isControl(scalar) { return "_" }
            return Character(scalar)
        }
        let name = String(scalars)
        return name.isEmpty ? "claudepm" : name
    }

    /// Checks a pane id of the form `%<digits>`.
    public static func validatePaneID(_ paneID: String) throws(TmuxError) {
        guard paneID.hasPrefix("%"), paneID.count > 1, paneID.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw .invalidPaneID(paneID) }
    }

    /// Checks an environment variable name (non-empty, no `=`, no control characters).
    static func validateEnvironmentName(_ name: String) throws(TmuxError) {
        if name.isEmpty || name.contains("=") || containsControl(name) {
            throw .invalidArgument("environment variable name \(name.debugDescription)")
        }
    }

    /// `-e NAME=VALUE` pairs, sorted by name so the argv is deterministic.
    static func environmentArguments(_ environment: [String: String]) throws(TmuxError) -> [String] {
        var arguments: [String] = []
        for name in environment.keys.sorted() {
            try validateEnvironmentName(name)
            arguments += ["-e", "\(name)=\(environment[name] ?? "")"]
        }
        return arguments
    }

    /// The argv tail for a command to run in a new pane. tmux runs a single argument through
    /// `sh -c`, so a one-element command is wrapped in a fixed `exec "$0" "$@"` script that takes
    /// the program as data, never as shell text. Several elements are exec'd directly by tmux.
    static func commandArguments(_ command: [String]) -> [String] {
        switch command.count {
        case 0: return []
        case 1: return ["--", "/bin/sh", "-c", "exec \"$0\" \"$@\"", command[0]]
        default: return ["--"] + command
        }
    }

    private static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
