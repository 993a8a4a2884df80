// One line of the agent's transcript and how it is coloured.

/// A transcript line.
struct TranscriptLine: Equatable {
    /// How a line is drawn.
    enum Style: Equatable {
        case assistant, tool, toolOutput, added, removed, user, notice, denied
    }

    var text: String
    var style: Style

    init(_ style: Style, _ text: String) {
        self.style = style
        self.text = text
    }

    /// SGR prefix for the style.
    var sgr: String {
        switch style {
        case .assistant: "\u{1B}[0m"
        case .tool: "\u{1B}[0;32m"
        case .toolOutput: "\u{1B}[0;2m"
        case .added: "\u{1B}[0;38;5;22;48;5;194m"
        case .removed: "\u{1B}[0;38;5;52;48;5;224m"
        case .user: "\u{1B}[0;1;38;5;245m"
        case .notice: "\u{1B}[0;38;5;208m"
        case .denied: "\u{1B}[0;31m"
        }
    }
}
