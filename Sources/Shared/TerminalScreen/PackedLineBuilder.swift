// Packs a line cell by cell, in the format `PackedLine` describes, without an array of cells in
// between: libvterm hands a scrolled-off line to `ScreenSink.pushLine` one cell at a time.

/// Builds one `PackedLine`.
struct PackedLineBuilder {
    private var bytes: [UInt8] = []
    private var style = CellStyle.plain
    /// The `CellStyleMemo.version` the last cell packed from libvterm's cell came with (its
    /// style is `style`); nil after a cell appended as a `Cell`.
    private var styleVersion: UInt32?

    /// A builder with room for `capacity` plain cells and a few style changes.
    init(capacity: Int) { bytes.reserveCapacity(capacity * 2 + 32) }

    /// Appends one cell.
    mutating func append(_ cell: Cell) {
        styleVersion = nil
        let utf8 = cell.text.utf8
        let length = min(utf8.count, Int(UInt16.max))
        appendHeader(width: cell.width, length: length, style: CellStyle(attrs: cell.attrs, fg: cell.fg, bg: cell.bg))
        if length == 1, let byte = utf8.first {
            bytes.append(byte)
        } else if length > 0 {
            bytes.append(contentsOf: utf8.prefix(length))
        }
    }

    /// Appends a one-column cell showing the ASCII character `byte` in `style`, which came from
    /// a `CellStyleMemo` at `version`: a cell of the same version as the last one has its style,
    /// unchanged, without comparing the two.
    @inline(__always)
    mutating func append(ascii byte: UInt8, style: CellStyle, version: UInt32) {
        appendHeader(width: 1, length: 1, style: style, version: version)
        bytes.append(byte)
    }

    /// Appends a cell `width` columns wide showing `scalar` (nil: no text, the right half of a
    /// wide character) in `style`, from a `CellStyleMemo` at `version` as for
    /// `append(ascii:style:version:)`.
    @inline(__always)
    mutating func append(scalar: Unicode.Scalar?, width: UInt8, style: CellStyle, version: UInt32) {
        appendHeader(width: width, length: scalar?.utf8.count ?? 0, style: style, version: version)
        if let scalar { bytes.append(contentsOf: scalar.utf8) }
    }

    /// Appends `count` one-column cells showing ASCII characters, all in `style` (from a
    /// `CellStyleMemo` at `version`, as for `append(ascii:style:version:)`); `byte(i)` is the
    /// character of the i-th. Every cell after the first is a plain header and its byte.
    @inline(__always)
    mutating func append(asciiRun count: Int, style: CellStyle, version: UInt32, byte: (Int) -> UInt8) {
        guard count > 0 else { return }
        append(ascii: byte(0), style: style, version: version)
        guard count > 1 else { return }
        let header = Self.header(width: 1, length: 1, styleChanged: false)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * (count - 1)) { run in
            var at = 0
            for offset in 1..<count {
                run[at] = header
                run[at + 1] = byte(offset)
                at += 2
            }
            bytes.append(contentsOf: UnsafeBufferPointer(run))
        }
    }

    /// A cell's header for a style from a `CellStyleMemo` at `version`: one of the same version
    /// as the last such cell's is the current style, unchanged, without comparing the two.
    @inline(__always)
    private mutating func appendHeader(width: UInt8, length: Int, style cellStyle: CellStyle, version: UInt32) {
        if version == styleVersion {
            bytes.append(Self.header(width: width, length: length, styleChanged: false))
            return
        }
        appendHeader(width: width, length: length, style: cellStyle)
        styleVersion = version
    }

    /// A cell's header byte (and long length), then its style if it differs from the last one.
    @inline(__always)
    private mutating func appendHeader(width: UInt8, length: Int, style cellStyle: CellStyle) {
        let changed = cellStyle != style
        bytes.append(Self.header(width: width, length: length, styleChanged: changed))
        if length >= 31 {
            bytes.append(UInt8(length & 0xFF))
            bytes.append(UInt8(length >> 8))
        }
        if changed {
            style = cellStyle
            style.append(to: &bytes)
        }
    }

    /// A cell's header byte: its width, whether a style follows, its length (31: two more bytes).
    @inline(__always)
    private static func header(width: UInt8, length: Int, styleChanged: Bool) -> UInt8 {
        width & 0b11 | (styleChanged ? 0b100 : 0) | UInt8(min(length, 31)) << 3
    }

    /// The packed line.
    var line: PackedLine { PackedLine(packed: bytes) }
}
