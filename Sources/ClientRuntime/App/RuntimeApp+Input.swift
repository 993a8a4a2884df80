// Keys: raw bytes → pastes and focus (InputFilter) → AppKeys (KeyDecoder) → reduce. A lone ESC
// waits for the escape delay before it counts as the Escape key.
import ClientCore
import TUI

extension RuntimeApp {
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeDelay: Duration = .milliseconds(25)

    func handleInput(_ bytes: [UInt8], now: Duration) {
        for piece in filter.feed(bytes) { handle(piece) }
        escapeDeadline = filter.hasPending || decoder.hasPending ? now + Self.escapeDelay : nil
    }

    func flushEscape() {
        escapeDeadline = nil
        for piece in filter.flush() { handle(piece) }
        for key in decoder.flush() { dispatch(.key(key)) }
    }

    private func handle(_ piece: InputPiece) {
        switch piece {
        case .keys(let bytes):
            for key in decoder.feed(bytes) { dispatch(.key(key)) }
        case .focus(let focused):
            dispatch(.focusChanged(focused))
        case .paste(let text):
            paste(text)
        }
    }

    /// A paste goes to the attached program as one bracketed paste, else to the app as keys.
    private func paste(_ text: String) {
        if let key = state.attachedSession, let screen = screens[key], let entry = channels[key], !entry.readOnly {
            entry.channel.input(String(decoding: screen.encodePaste(text), as: UTF8.self))
            return
        }
        for character in text where character != "\n" && character != "\r" { dispatch(.key(.char(character))) }
    }
}
