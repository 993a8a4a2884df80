// What changed on a TerminalScreen since the renderer last asked. Rows are kept as a bitset so
// that marking damage from libvterm's callbacks during an output flood costs a few instructions.

/// The rows changed since the last `TerminalScreen.takeDamage()`.
///
/// A renderer copies exactly the rows in `rows` (or everything when `isFullRedraw`). Scrolls
/// (libvterm `moverect`) are reported as damage of every moved row plus `didScroll`, so a renderer
/// that ignores `didScroll` is still correct.
public struct DamageSet: Equatable, Sendable {
    /// The screen height the row numbers refer to.
    public let rowCount: Int
    /// True after a resize, reset or alternate-screen switch: redraw every row.
    public let isFullRedraw: Bool
    /// True if part of the screen moved (scrolled) since the last take.
    public let didScroll: Bool
    /// True if the cursor moved or changed visibility.
    public let cursorChanged: Bool
    private let bits: [UInt64]

    init(rowCount: Int, bits: [UInt64], isFullRedraw: Bool, didScroll: Bool, cursorChanged: Bool) {
        self.rowCount = rowCount
        self.bits = bits
        self.isFullRedraw = isFullRedraw
        self.didScroll = didScroll
        self.cursorChanged = cursorChanged
    }

    /// True if no row needs redrawing (the cursor may still have moved).
    public var isEmpty: Bool { !isFullRedraw && bits.allSatisfy { $0 == 0 } }

    /// Whether `row` must be redrawn.
    public func contains(_ row: Int) -> Bool {
        guard row >= 0, row < rowCount else { return false }
        return isFullRedraw || bits[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// The rows to redraw, ascending (every row when `isFullRedraw`).
    public var rows: [Int] {
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
    private var full = true
    private var scrolled = false
    private var cursorMoved = false

    init(rowCount: Int) {
        self.rowCount = rowCount
        bits = Array(repeating: 0, count: (rowCount + 63) / 64)
    }

    mutating func markRows(_ range: Range<Int>) {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, rowCount)
        guard lower < upper else { return }
        for row in lower..<upper { bits[row >> 6] |= 1 << UInt64(row & 63) }
    }

    mutating func markScroll(_ range: Range<Int>) {
        scrolled = true
        markRows(range)
    }

    mutating func markCursor() { cursorMoved = true }

    mutating func markFull() { full = true }

    mutating func resize(rowCount newCount: Int) {
        rowCount = newCount
        bits = Array(repeating: 0, count: (newCount + 63) / 64)
        full = true
    }

    mutating func take() -> DamageSet {
        let set = DamageSet(
            rowCount: rowCount, bits: bits, isFullRedraw: full, didScroll: scrolled, cursorChanged: cursorMoved)
        for i in bits.indices { bits[i] = 0 }
        full = false
        scrolled = false
        cursorMoved = false
        return set
    }
}
