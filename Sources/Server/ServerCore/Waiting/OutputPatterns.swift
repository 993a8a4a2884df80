// The output-pattern layer's patterns (upstream §4.2), matched case-insensitively against a whole
// screen snapshot.

/// What a snapshot of a session's screen shows, as far as waiting detection cares.
public enum OutputPatterns {
    /// Present anywhere → the task is complete (not waiting, `stopped`).
    public static let completion = "---TASK_COMPLETE---"
    /// Present anywhere → a permission prompt (waiting, `permission_prompt`).
    public static let immediate = ["Do you want to proceed?", "╭─", "Allow this action?", "Approve tool use?"]
    /// Present anywhere → maybe a question (waiting after 5 s of quiet); a line ending in `?` too.
    public static let questionPhrases = [
        "What would you like", "Should I", "Does this look", "Would you prefer", "Can you clarify", "Which option",
    ]

    /// The classification of one snapshot.
    public enum Match: Sendable, Equatable {
        case completion, immediate, question, none
    }

    /// Classifies a snapshot; completion beats immediate beats question.
    ///
    /// Matched on the UTF-8 bytes with ASCII letters folded (every pattern's letters are ASCII):
    /// a busy pane is captured many times a second, and `String.lowercased()` plus Foundation's
    /// substring search took most of a core for nine busy panes.
    public static func classify(_ text: String) -> Match {
        var bytes = Array(text.utf8)
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] |= 0x20 }
        return bytes.withUnsafeBytes { haystack in
            if Folded.completion.contains(in: haystack) { return .completion }
            if Folded.immediate.contains(where: { $0.contains(in: haystack) }) { return .immediate }
            if Folded.questionPhrases.contains(where: { $0.contains(in: haystack) }) { return .question }
            return endsALineInAQuestionMark(haystack) ? .question : .none
        }
    }

    /// True if a line's last character other than spaces, tabs and CR is `?`.
    private static func endsALineInAQuestionMark(_ text: UnsafeRawBufferPointer) -> Bool {
        var last: UInt8 = 0
        for byte in text {
            switch byte {
            case 0x0A:
                if last == 0x3F { return true }
                last = 0
            case 0x20, 0x09, 0x0D: break
            default: last = byte
            }
        }
        return last == 0x3F
    }

    /// The patterns as lowercase UTF-8.
    private enum Folded {
        static let completion = FoldedPattern(OutputPatterns.completion)
        static let immediate = OutputPatterns.immediate.map(FoldedPattern.init)
        static let questionPhrases = OutputPatterns.questionPhrases.map(FoldedPattern.init)
    }
}
