// One row of `capture-pane -p -e` output made fit for an emulator, and the pen it leaves:
// - cells tmux holds in the DEC line-drawing set are written between SO and SI as the ASCII they
//   were sent as (`lqqk`); they become the characters the VT100 set draws (`┌──┐`, the table
//   libvterm uses too), so the emulator needs no character set designated; like the style, the
//   set is written only where it changes, also across row ends, so it carries from row to row;
// - tmux 3.3a writes attribute codes above 9 as `a:b` (`4:2` for a double underline, correct),
//   so overline (53) comes out as `5:3`, which reads as blink; it becomes 53 again;
// - tmux writes an SGR only where the style changes from the cell before, across row ends too,
//   so a row's first cells may carry the style the previous row ended in. `pen(after:)` follows
//   that style (through an emulator, as the mirror will read it) so each row can start from it.
import TerminalScreen

/// Rows of a capture, for a seed.
enum CaptureRow {
    /// `row` with line-drawing cells translated and overline codes repaired; `lineDrawing` says
    /// whether the capture's row before ended in the line-drawing set, and then whether this one does.
    static func fitted(_ row: String, lineDrawing: inout Bool) -> String {
        guard lineDrawing || row.utf8.contains(where: { $0 == 0x0E || $0 == 0x1B }) else { return row }
        var out = String.UnicodeScalarView()
        var scalars = row.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{0E}": lineDrawing = true
            case "\u{0F}": lineDrawing = false
            case "\u{1B}":
                out.append(scalar)
                let sequence = scalars.prefix { !("@"..."~").contains($0) || $0 == "[" }
                scalars = scalars.dropFirst(sequence.count)
                let final = scalars.popFirst()
                let parameters = String(String.UnicodeScalarView(sequence))
                out.append(contentsOf: (final == "m" ? repairedSGR(parameters) : parameters).unicodeScalars)
                if let final { out.append(final) }
            default:
                out.append(lineDrawing ? DECLineDrawing.character(for: scalar) : scalar)
            }
        }
        return String(out)
    }

    /// `[` + SGR parameters with tmux 3.3a's `5:3` read as the overline it means.
    private static func repairedSGR(_ parameters: String) -> String {
        guard parameters.contains("5:3") else { return parameters }
        let fields = parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
        return "[" + fields.map { $0 == "5:3" ? "53" : String($0) }.joined(separator: ";")
    }
}

/// Follows the pen across a capture's rows.
struct CapturePen {
    /// A 1×2 emulator fed only the rows' SGR sequences: its pen is the style the rows leave.
    private let screen = TerminalScreen(rows: 1, cols: 2, scrollbackLimit: 0)

    /// Takes in a fitted row's SGR sequences.
    func read(_ row: String) {
        guard row.utf8.contains(0x1B) else { return }
        var scalars = row.unicodeScalars[...]
        while let escape = scalars.firstIndex(of: "\u{1B}") {
            scalars = scalars[escape...]
            guard let end = scalars.firstIndex(where: { $0 == "m" }) else { return }
            let sequence = String(String.UnicodeScalarView(scalars[...end]))
            if sequence.dropFirst(2).dropLast().allSatisfy({ $0.isNumber || $0 == ";" || $0 == ":" }) {
                screen.feed(sequence)
            }
            scalars = scalars[scalars.index(after: end)...]
        }
    }

    /// The style the rows so far leave, as one SGR.
    var sgr: String { String(decoding: screen.pen.sgr, as: UTF8.self) }
}
