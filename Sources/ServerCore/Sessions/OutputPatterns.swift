// Output-pattern waiting detection on a changed snapshot, after the upstream's rules: completion
// marker → not waiting; permission prompts → waiting; a question on the last lines → waiting;
// any other change → not waiting.
import Foundation

/// A waiting signal derived from a screen snapshot.
struct WaitingSignal: Equatable {
    var waiting: Bool
    var reason: String
}

/// The upstream's output patterns.
enum OutputPatterns {
    static let immediate = ["do you want to proceed?", "╭─", "allow this action?", "approve tool use?"]
    static let questions = [
        "what would you like", "should i", "does this look", "would you prefer", "can you clarify", "which option",
    ]

    /// Classifies a changed snapshot.
    static func classify(_ lines: [String]) -> WaitingSignal? {
        let text = lines.map(stripEscapes).joined(separator: "\n").lowercased()
        if text.contains("---task_complete---") { return WaitingSignal(waiting: false, reason: "stopped") }
        if immediate.contains(where: text.contains) { return WaitingSignal(waiting: true, reason: "permission_prompt") }
        let tail = lines.map(stripEscapes).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .suffix(3)
        let asks = tail.contains { line in
            line.hasSuffix("?") || questions.contains(where: line.lowercased().contains)
        }
        return asks
            ? WaitingSignal(waiting: true, reason: "question") : WaitingSignal(waiting: false, reason: "unknown")
    }

    /// Removes CSI/OSC escape sequences.
    static func stripEscapes(_ line: String) -> String {
        var out = ""
        var it = line.unicodeScalars.makeIterator()
        while let c = it.next() {
            guard c == "\u{1B}" else {
                out.unicodeScalars.append(c)
                continue
            }
            guard let next = it.next() else { break }
            if next == "[" {
                while let d = it.next(), !(0x40...0x7E).contains(d.value) {}
            } else if next == "]" {
                while let d = it.next(), d != "\u{07}", d != "\u{1B}" {}
            }
        }
        return out
    }
}
