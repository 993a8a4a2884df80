// The answer box's keys: text entry as the other one-line boxes (`TextEdit`); Enter sends the
// text to the box's prompt, and only while that prompt still waits (a prompt that went away, or
// was replaced by a new one, keeps the box and its text, with a word). Esc closes it, unsent.

extension AppState {
    /// Opens the answer box for `prompt` (read-only servers refuse it at once).
    mutating func openAnswerBox(_ prompt: PromptID) -> [AppEffect] {
        if refuses("answer", on: prompt.session.server) { return [] }
        overlay = .answer(AnswerBox(prompt: prompt, target: answerTarget(prompt.session)))
        return []
    }

    /// A key while the answer box is open.
    mutating func handleAnswerBoxKey(_ key: AppKey, _ box: AnswerBox) -> [AppEffect] {
        switch TextEdit.apply(key, to: box.text) {
        case .editing(let next):
            var edited = box
            edited.text = next
            overlay = .answer(edited)
        case .cancelled:
            overlay = nil
            flash = "answer to \(box.target) not sent"
        case .submitted(let value):
            guard !value.allSatisfy(\.isWhitespace) else {
                flash = "type an answer first (Esc closes the box)"
                return []
            }
            guard prompt(of: box.prompt.session) == box.prompt else {
                flash = "\(box.target) no longer waits on this prompt: not sent (Esc closes the box)"
                return []
            }
            overlay = nil
            return answer(box.prompt, .text(value))
        }
        return []
    }
}
