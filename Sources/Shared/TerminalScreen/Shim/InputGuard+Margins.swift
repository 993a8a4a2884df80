// The guard follows libvterm's scroll region (DECSTBM, `CSI t;b r`) and left/right margin mode
// (DECLRMM, `CSI ? 69 h`), which libvterm 0.1.4 does not expose: scrolling several lines at once
// (ScrollBatchPlan) is only the same as scrolling them one by one when the region is the whole
// screen. libvterm always stores DECSLRM's margins (`CSI l;r s`) but applies them only while
// DECLRMM is set, so the mode alone decides. A hard reset (RIS) clears both; a resize clears the
// region (TerminalScreen writes `CSI r` then); a soft reset (DECSTR) is not trusted to.

/// A DECSTBM's two arguments as sent (nil: missing).
struct ScrollRegionArguments: Equatable {
    var top: Int?
    var bottom: Int?
    /// An argument with a sub-parameter or more than five digits: taken as not the full screen.
    var isUnreadable = false

    /// True when libvterm, on a screen `rows` high, takes these arguments as the full screen
    /// (state.c, DECSTBM: the top defaults to 1, a bottom of `rows` or missing means the last row,
    /// and an empty region resets to the full screen).
    func isFullScreen(rows: Int) -> Bool {
        guard !isUnreadable else { return false }
        let top = min(max((top ?? 1) - 1, 0), rows)
        var bottom = bottom.map { max($0, -1) } ?? -1
        if top == 0 && bottom == rows { bottom = -1 } else { bottom = min(bottom, rows) }
        let lastRow = bottom == -1 ? rows : bottom
        return lastRow <= top || (top == 0 && lastRow == rows)
    }
}

extension InputGuard {
    /// True while scrolling affects the whole screen of `rows` rows (no region, no margins).
    func scrollsWholeScreen(rows: Int) -> Bool {
        !leftRightMarginMode && (scrollRegion?.isFullScreen(rows: rows) ?? true)
    }

    /// Forgets the region and margin mode (libvterm reset them).
    mutating func marginsReset() {
        scrollRegion = nil
        leftRightMarginMode = false
    }

    /// Follows DECSTBM and DECLRMM at the final byte of a CSI libvterm receives. DECSTR (`CSI ! p`)
    /// is left out on purpose: after it libvterm 0.1.4 still applied left and right margins set
    /// before (the seeded comparison in ScrollBatchTests found it), so the guard keeps its doubt.
    mutating func followMargins(_ final: UInt8) {
        guard csiArguments <= Self.maxVTermArguments else { return }
        // Called at every CSI's final (every SGR too): the arguments are split only for the two
        // sequences that need them.
        func splitArguments() -> [ArraySlice<UInt8>] {
            sgrParams.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        }
        if csiPlain, final == UInt8(ascii: "r") {
            let arguments = splitArguments()
            var region = ScrollRegionArguments()
            func number(_ index: Int) -> Int? {
                guard index < arguments.count, !arguments[index].isEmpty else { return nil }
                let digits = arguments[index]
                let value = digits.count <= 5 ? Int(String(decoding: digits, as: UTF8.self)) : nil
                if value == nil { region.isUnreadable = true }
                return value
            }
            region.top = number(0)
            region.bottom = number(1)
            scrollRegion = region
        } else if csiLeader == UInt8(ascii: "?"), final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
            // Set on any doubt; cleared only by a plain `CSI ? … 69 … l`.
            guard splitArguments().contains(where: { $0.elementsEqual("69".utf8) }) else { return }
            leftRightMarginMode = final == UInt8(ascii: "h") || csiHasIntermediates
        }
    }
}
