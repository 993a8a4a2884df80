// The frame writer never lets a glyph cover a cell it has not drawn: the text of every cell is
// measured with the one width rule before it is written.

import TUI
import Testing

@Suite struct FrameWriterWidthTests {
    func written(_ cells: [FrameCell]) -> String {
        var writer = FrameWriter(encoder: SGREncoder(styledUnderlines: true))
        writer.write(row: 0, col: 0, cells: cells[...])
        let text = String(decoding: writer.take(), as: UTF8.self)
        // Drop the cursor move and any SGR.
        return text.replacing(/\u{1B}\[[0-9;]*[A-Za-z]/, with: "")
    }

    @Test func glyphsWiderThanTheirCellAreReplaced() {
        #expect(written([FrameCell(text: "🧑", width: 1), FrameCell(text: "x")]) == "\u{FFFD}x")
    }

    @Test func marksAloneAreNotWritten() {
        #expect(written([FrameCell(text: "a"), FrameCell(text: "\u{301}"), FrameCell(text: "b")]) == "a b")
    }

    @Test func narrowGlyphInAWideCellIsPadded() {
        #expect(
            written([FrameCell(text: "a", width: 2), FrameCell(text: "", width: 0), FrameCell(text: "b")]) == "a b")
    }

    @Test func agreeingCellsAreWrittenAsTheyAre() {
        let cells = [
            FrameCell(text: "🧑‍🤝‍🧑", width: 2), FrameCell(text: "", width: 0), FrameCell(text: "❤️"),
            FrameCell(text: "e\u{301}"), FrameCell(text: "漢", width: 2), FrameCell(text: "", width: 0),
        ]
        #expect(written(cells) == "🧑‍🤝‍🧑❤️e\u{301}漢")
    }
}
