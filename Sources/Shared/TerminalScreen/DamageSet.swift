// What changed on a TerminalScreen since the renderer last asked. Rows are kept as a bitset so
// that marking damage from libvterm's callbacks during an output flood costs a few instructions.
// Scrolls of the whole screen are also counted as a shift, with a second bitset of the rows that
// changed beyond it, so a renderer that keeps rows can move them instead of reading them again.

/// The rows changed since the last `TerminalScreen.takeDamage()`.
///
/// A renderer copies exactly the rows in `rows` (or everything when `isFullRedraw`). Scrolls
/// (libvterm `moverect`) are reported as damage of every moved row plus `didScroll`, so a renderer
/// that ignores `didScroll` is still correct. A renderer that keeps a copy of the rows may instead
/// move its rows up by `shift` and redraw only `rowsBeyondShift`.
public struct DamageSet: Equatable, Sendable {
    /// The screen height the row numbers refer to.
    public let rowCount: Int
    /// True after a resize, reset or alternate-screen switch: redraw every row.
    public let isFullRedraw: Bool
    /// True if part of the screen moved (scrolled) since the last take.
    public let didScroll: Bool
    /// True if the cursor is elsewhere or shown differently than at the last take.
    public let cursorChanged: Bool
    /// How many rows the whole screen (every column, no scroll region) moved up since the last
    /// take, in total; 0 after a full redraw. Row `r` of the screen now shows what row
    /// `r + shift` showed then, unless `r` is in `rowsBeyondShift`.
    public let shift: Int
    private let bits: [UInt64]
    private let bitsBeyondShift: [UInt64]

    init(
        rowCount: Int, bits: [UInt64], isFullRedraw: Bool, didScroll: Bool, cursorChanged: Bool, shift: Int,
        bitsBeyondShift: [UInt64]
    ) {
        self.rowCount = rowCount
        self.bits = bits
        self.isFullRedraw = isFullRedraw
        self.didScroll = didScroll
        self.cursorChanged = cursorChanged
        self.shift = isFullRedraw ? 0 : shift
        self.bitsBeyondShift = bitsBeyondShift
    }

    /// True if no row needs redrawing (the cursor may still have moved).
    public var isEmpty: Bool { !isFullRedraw && bits.allSatisfy { $0 == 0 } }

    /// Whether `row` must be redrawn.
    public func contains(_ row: Int) -> Bool {
        guard row >= 0, row < rowCount else { return false }
        return isFullRedraw || bits[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// The rows to redraw, ascending (every row when `isFullRedraw`).
    public var rows: [Int] { rowList(bits) }

    /// The rows to redraw once the rows kept from the last take have moved up by `shift`:
    /// rows written, erased or moved otherwise (a region's scroll) since (every row when
    /// `isFullRedraw`).
    public var rowsBeyondShift: [Int] { rowList(bitsBeyondShift) }

    private func rowList(_ bits: [UInt64]) -> [Int] {
        if isFullRedraw { return Array(0..<rowCount) }
        var result: [Int] = []
        for (index, word) in bits.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                result.append(index * 64 + bit)
                rest &= rest - 1
            }
        }
        return result
    }
}

/// Accumulates damage between takes (internal to the module).
struct DamageAccumulator {
    private(set) var rowCount: Int
    private var bits: [UInt64]
    /// Rows changed beyond the whole-screen shift (see `DamageSet.shift`).
    private var beyondShift: [UInt64]
    private var shift = 0
    private var full = true
    private var scrolled = false
    private var cursorMoved = false

    init(rowCount: Int) {
        self.rowCount = rowCount
        bits = Array(repeating: 0, count: (rowCount + 63) / 64)
        beyondShift = bits
    }

    mutating func markRows(_ range: Range<Int>) {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, rowCount)
        guard lower < upper else { return }
        for row in lower..<upper {
            Self.set(&bits, row)
            Self.set(&beyondShift, row)
        }
    }

    /// libvterm moved the rows `source` to `destination`; `wholeWidth`: every column moved.
    /// Moving every row of the screen up by n, every column, is a shift; any other move is
    /// damage of every row it touched.
    mutating func markMove(destination: Range<Int>, source: Range<Int>, wholeWidth: Bool) {
        scrolled = true
        let n = source.lowerBound - destination.lowerBound
        guard wholeWidth, n > 0, destination.lowerBound == 0, source.upperBound == rowCount, n < rowCount else {
            markRows(min(destination.lowerBound, source.lowerBound)..<max(destination.upperBound, source.upperBound))
            return
        }
        shift += n
        // Every row changed; beyond the shift, only what was damaged moves up with its row, and
        // the rows coming in at the bottom are new.
        for row in 0..<rowCount {
            Self.set(&bits, row)
            Self.set(&beyondShift, row, to: row >= rowCount - n || Self.isSet(beyondShift, row + n))
        }
    }

    private static func isSet(_ bits: [UInt64], _ row: Int) -> Bool { bits[row >> 6] & (1 << UInt64(row & 63)) != 0 }

    private static func set(_ bits: inout [UInt64], _ row: Int, to value: Bool = true) {
        if value { bits[row >> 6] |= 1 << UInt64(row & 63) } else { bits[row >> 6] &= ~(1 << UInt64(row & 63)) }
    }

    mutating func markCursor() { cursorMoved = true }

    mutating func markFull() { full = true }

    mutating func resize(rowCount newCount: Int) {
        rowCount = newCount
        bits = Array(repeating: 0, count: (newCount + 63) / 64)
        beyondShift = bits
        shift = 0
        full = true
    }

    mutating func take() -> DamageSet {
        let set = DamageSet(
            rowCount: rowCount, bits: bits, isFullRedraw: full, didScroll: scrolled, cursorChanged: cursorMoved,
            shift: shift, bitsBeyondShift: beyondShift)
        for i in bits.indices { bits[i] = 0 }
        for i in beyondShift.indices { beyondShift[i] = 0 }
        shift = 0
        full = false
        scrolled = false
        cursorMoved = false
        return set
    }
}
