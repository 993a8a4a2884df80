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
    public static func classify(_ text: String) -> Match {
        let lowered = text.lowercased()
        if lowered.contains(completion.lowercased()) { return .completion }
        if immediate.contains(where: { lowered.contains($0.lowercased()) }) { return .immediate }
        if questionPhrases.contains(where: { lowered.contains($0.lowercased()) }) { return .question }
        let endsInQuestionMark = text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
            line.last(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) == "?"
        }
        return endsInQuestionMark ? .question : .none
    }
}
