// Turns an argv into one line of tmux command syntax for a control client's standard input.
// Every argument is single-quoted (tmux's parser takes single-quoted text literally, `'\''`
// included), so `;`, `#`, `$`, `~` and spaces in an argument are data. A line break would end
// the command early, so arguments containing control characters are refused.

import Foundation

/// Building control-mode command lines.
public enum ControlCommand {
    /// The line for `commands` run as one list (`a ; b`): tmux runs the whole list before it
    /// reads any pane again, so the replies describe one instant.
    public static func line(_ commands: [[String]]) throws(TmuxError) -> String {
        var words: [String] = []
        for (index, command) in commands.enumerated() {
            if index > 0 { words.append(";") }
            for argument in command { words.append(try quoted(argument)) }
        }
        return words.joined(separator: " ") + "\n"
    }

    /// `argument` single-quoted for tmux's command parser.
    static func quoted(_ argument: String) throws(TmuxError) -> String {
        if argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidArgument("control character in a tmux argument")
        }
        return "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
