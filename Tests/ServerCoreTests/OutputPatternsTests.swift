// OutputPatterns.classify on bytes agrees with the reference it replaced (Unicode lowercasing and
// substring search) on texts built from the patterns' own pieces, and finds each pattern wherever
// it sits.

import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite struct OutputPatternsTests {
    /// The classification as it was written before the byte matcher.
    private func reference(_ text: String) -> OutputPatterns.Match {
        let lowered = text.lowercased()
        if lowered.contains(OutputPatterns.completion.lowercased()) { return .completion }
        if OutputPatterns.immediate.contains(where: { lowered.contains($0.lowercased()) }) { return .immediate }
        if OutputPatterns.questionPhrases.contains(where: { lowered.contains($0.lowercased()) }) { return .question }
        let endsInQuestionMark = text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
            line.last(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) == "?"
        }
        return endsInQuestionMark ? .question : .none
    }

    @Test func agreesWithTheReferenceOnTextsMadeOfPatternPieces() {
        let patterns = [OutputPatterns.completion] + OutputPatterns.immediate + OutputPatterns.questionPhrases
        var pieces = patterns.flatMap { [$0, $0.uppercased(), String($0.dropLast()), String($0.dropFirst(2))] }
        pieces += ["?", " ", "\t", "\r", "\n", "é", "╭", "─", "漢字", "\u{1B}[1m", "ok", "Ë?"]
        var generator = SeededGenerator(seed: 0x5EED)
        var kinds: Set<String> = []
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let expected = reference(text)
            #expect(OutputPatterns.classify(text) == expected, "\(text.debugDescription)")
            kinds.insert("\(expected)")
        }
        #expect(kinds == ["completion", "immediate", "question", "none"])
    }

    @Test func eachPatternIsFoundAtTheStartTheEndAndInMixedCase() {
        for pattern in OutputPatterns.immediate {
            let mixed = String(
                pattern.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })
            #expect(OutputPatterns.classify(pattern) == .immediate)
            #expect(OutputPatterns.classify("x\n" + mixed) == .immediate)
            #expect(OutputPatterns.classify(mixed + " tail") == .immediate)
            #expect(OutputPatterns.classify(String(pattern.dropLast())) != .immediate)
        }
        #expect(OutputPatterns.classify("line?\r\nnext") == .question)
        #expect(OutputPatterns.classify("last line?  ") == .question)
    }
}
