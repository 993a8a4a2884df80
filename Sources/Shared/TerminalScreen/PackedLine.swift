// The stored form of a scrollback line: its cells packed into one byte array. A `[Cell]` costs
// 32 bytes a cell (a `String`, a width, attributes and two colours), so 5,000 lines of 120
// columns came to about 11 MiB a tile; packed, a plain ASCII cell costs 2 bytes and a style is
// written only where it changes.

/// A line of cells packed into bytes; `cells` gives them back unchanged.
///
/// Each cell is a header byte — width in bits 0–1, "a new style follows" in bit 2, the text's
/// UTF-8 length in bits 3–7 (31: a two-byte length follows) — then the style if it changed
/// (attributes, foreground, background: 10 bytes), then the text. The style before the first
/// cell is the default one (`Cell.blank`'s).
struct PackedLine: Equatable, Sendable {
    private let bytes: [UInt8]

    /// Packs `cells`.
    init(_ cells: [Cell]) {
        var builder = PackedLineBuilder(capacity: cells.count)
        for cell in cells { builder.append(cell) }
        self = builder.line
    }

    /// A line of `bytes` already packed (by `PackedLineBuilder`).
    init(packed bytes: [UInt8]) { self.bytes = bytes }

    /// Bytes the line occupies (what the packing saves is measured with it).
    var byteCount: Int { bytes.count }

    /// The cells, as they were packed.
    var cells: [Cell] {
        var cells: [Cell] = []
        var style = CellStyle.plain
        bytes.withUnsafeBufferPointer { raw in
            var at = 0
            while at < raw.count {
                let header = raw[at]
                at += 1
                var length = Int(header >> 3)
                if length == 31 {
                    length = Int(raw[at]) | Int(raw[at + 1]) << 8
                    at += 2
                }
                if header & 0b100 != 0 { style = CellStyle(reading: raw, at: &at) }
                let text = Self.text(raw, at: at, length: length)
                at += length
                cells.append(
                    Cell(text: text, width: header & 0b11, attrs: style.attrs, fg: style.fg, bg: style.bg))
            }
        }
        return cells
    }

    private static func text(_ raw: UnsafeBufferPointer<UInt8>, at: Int, length: Int) -> String {
        if length == 0 { return "" }
        if length == 1, raw[at] < 128 { return CellConversion.asciiStrings[Int(raw[at])] }
        return String(decoding: UnsafeBufferPointer(rebasing: raw[at..<(at + length)]), as: UTF8.self)
    }
}

extension CellStyle {
    /// No attributes, default colours: the style a packed line starts from.
    static let plain = CellStyle()

    /// Writes the style's 10 bytes (the packed form `PackedLine` stores), in one append.
    func append(to bytes: inout [UInt8]) {
        let (f, b) = (Self.quad(fg), Self.quad(bg))
        var packed = (
            UInt8(attrs.rawValue & 0xFF), UInt8(attrs.rawValue >> 8), f.0, f.1, f.2, f.3, b.0, b.1, b.2, b.3
        )
        withUnsafeBytes(of: &packed) { bytes.append(contentsOf: $0) }
    }

    /// Reads a style's 10 bytes at `at` and moves past them.
    init(reading raw: UnsafeBufferPointer<UInt8>, at: inout Int) {
        let attrs = CellAttributes(rawValue: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)
        at += 2
        let fg = Self.color(raw, at: &at)
        self.init(attrs: attrs, fg: fg, bg: Self.color(raw, at: &at))
    }

    /// A colour's 4 bytes: its kind (0 default, 1 indexed, 2 RGB), then its index or components.
    private static func quad(_ color: TerminalColor) -> (UInt8, UInt8, UInt8, UInt8) {
        switch color {
        case .default: (0, 0, 0, 0)
        case .indexed(let index): (1, index, 0, 0)
        case .rgb(let r, let g, let b): (2, r, g, b)
        }
    }

    private static func color(_ raw: UnsafeBufferPointer<UInt8>, at: inout Int) -> TerminalColor {
        defer { at += 4 }
        switch raw[at] {
        case 1: return .indexed(raw[at + 1])
        case 2: return .rgb(raw[at + 1], raw[at + 2], raw[at + 3])
        default: return .default
        }
    }
}
