// The answer box: y/n on a banner whose session waits on a question (or any wait other than a
// permission prompt) open it instead of answering something else. What is typed goes to that
// prompt, with Enter, through the same answer path as y/n (`PromptAnswer.Choice.text`).

/// A one-line answer being typed for one prompt.
public struct AnswerBox: Hashable, Sendable {
    /// The prompt the answer is for.
    public var prompt: PromptID
    /// The target as the status line names it ("API-001: question").
    public var target: String
    /// What was typed so far.
    public var text: String

    /// Creates an answer box.
    public init(prompt: PromptID, target: String, text: String = "") {
        self.prompt = prompt
        self.target = target
        self.text = text
    }
}
