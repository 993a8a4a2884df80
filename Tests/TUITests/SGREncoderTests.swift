// The bytes the frame writer sends: one SGR per style change with every attribute and colour
// form, cursor moves, and nothing for cells that did not change.

import ClientCore
import TUI
import Testing

@Suite struct SGREncoderTests {
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^[")
    }

    @Test func everyAttribute() {
        let encoder = SGREncoder(styledUnderlines: true)
        let all: TextAttributes = [.bold, .dim, .italic, .underline, .blink, .reverse, .conceal, .strike, .overline]
        #expect(Self.text(encoder.sequence(Style(attrs: all))) == "^[[0;1;2;3;4;5;7;8;9;53m")
        #expect(Self.text(encoder.sequence(.plain)) == "^[[0m")
    }

    @Test func underlineStylesAndColourNeedTheCapability() {
        let styled = SGREncoder(styledUnderlines: true)
        let plain = SGREncoder(styledUnderlines: false)
        let expected: [(TextAttributes, String)] = [
            (.doubleUnderline, "4:2"), (.curlyUnderline, "4:3"), (.dottedUnderline, "4:4"), (.dashedUnderline, "4:5"),
        ]
        for (attr, code) in expected {
            let style = Style(attrs: [.underline, attr], underlineColor: .rgb(1, 2, 3))
            #expect(Self.text(styled.sequence(style)) == "^[[0;\(code);58;2;1;2;3m")
            #expect(Self.text(plain.sequence(style)) == "^[[0;4m")
        }
        #expect(Self.text(styled.sequence(Style(attrs: .underline, underlineColor: .indexed(3)))) == "^[[0;4;58;5;3m")
    }

    @Test func colourForms() {
        let encoder = SGREncoder(styledUnderlines: false)
        #expect(Self.text(encoder.sequence(Style(fg: .indexed(1), bg: .indexed(6)))) == "^[[0;31;46m")
        #expect(Self.text(encoder.sequence(Style(fg: .indexed(9), bg: .indexed(15)))) == "^[[0;91;107m")
        #expect(Self.text(encoder.sequence(Style(fg: .indexed(202), bg: .indexed(16)))) == "^[[0;38;5;202;48;5;16m")
        #expect(
            Self.text(encoder.sequence(Style(fg: .rgb(255, 0, 7), bg: .rgb(0, 10, 100))))
                == "^[[0;38;2;255;0;7;48;2;0;10;100m")
    }

    @Test func writerMovesOnlyWhereNeededAndWritesStylesOnChange() {
        var writer = FrameWriter(encoder: SGREncoder(styledUnderlines: false))
        let red = Style(fg: .indexed(1))
        let cells = [
            FrameCell(text: "a", style: red), FrameCell(text: "界", width: 2, style: red),
            FrameCell(text: "", width: 0, style: red), FrameCell(text: "b"),
        ]
        writer.write(row: 2, col: 3, cells: cells[...])
        writer.write(row: 2, col: 7, cells: [FrameCell(text: "c")][...])
        writer.placeCursor(nil)
        #expect(Self.text(writer.take()) == "^[[3;4H^[[0;31ma界^[[0mbc^[[?25l")
        writer.placeCursor(nil)
        #expect(writer.take().isEmpty, "a hidden cursor is not hidden again")
    }
}
