// Stand-ins for cells libvterm 0.1.4 cannot hold as tmux does. Where libvterm's width differs from
// glibc's (🧑 U+1F9D1: libvterm 1, glibc and tmux 2), where a cell holds scalars libvterm would
// not join (a ZWJ sequence, a mark newer than its tables), or more than it keeps (6 scalars),
// the feed path prints a stand-in scalar instead and this table remembers what it stands for;
// reading a cell maps it back. Stand-ins are scalars glibc cannot print (wcwidth −1), so real
// output never contains them (the feed path drops those, as tmux does), and that libvterm prints
// with the width needed: unassigned plane-3 scalars (libvterm: 2 columns) for wide cells,
// unassigned planes 4–13 (1 column) for narrow ones. Each distinct cell text takes one stand-in
// for the life of the screen (a hard reset frees them); when a pool runs out, a cell shows U+FFFD
// or U+3013 of the right width instead.

/// Cell texts stored behind stand-in scalars.
final class ClusterTable {
    /// The scalars libvterm is asked about (and that chose the stand-ins).
    let probe = VTermWidthProbe()
    private var texts: [UInt32: String] = [:]
    private var standIns: [String: UInt32] = [:]
    private var nextWide: UInt32 = ClusterTable.widePool.upperBound
    private var nextNarrow: UInt32 = ClusterTable.narrowPool.lowerBound

    static let widePool: ClosedRange<UInt32> = 0x3_0000...0x3_FFFD
    static let narrowPool: ClosedRange<UInt32> = 0x4_0000...0xD_FFFD
    /// Shown when a pool is exhausted: same width, both libraries agree on it.
    static let narrowFallback: [UInt8] = Array("\u{FFFD}".utf8)
    static let wideFallback: [UInt8] = Array("\u{3013}".utf8)

    /// Number of stand-ins in use.
    var count: Int { texts.count }

    /// The text a stand-in stands for, or nil when `value` is not a stand-in.
    @inline(__always)
    func text(for value: UInt32) -> String? {
        guard value >= Self.widePool.lowerBound, value <= Self.narrowPool.upperBound, !texts.isEmpty else { return nil }
        return texts[value]
    }

    /// The UTF-8 of the stand-in printing `text` in a cell of `width` columns.
    func standIn(for text: String, width: Int) -> [UInt8] {
        if let known = standIns[text] { return Self.utf8(known) }
        guard let value = allocate(wide: width == 2) else {
            return width == 2 ? Self.wideFallback : Self.narrowFallback
        }
        texts[value] = text
        standIns[text] = value
        return Self.utf8(value)
    }

    /// Forgets every stand-in (after a hard reset: no cell shows one any more).
    func removeAll() {
        texts.removeAll()
        standIns.removeAll()
        nextWide = Self.widePool.upperBound
        nextNarrow = Self.narrowPool.lowerBound
    }

    /// The next unused scalar glibc cannot print and libvterm prints with the wanted width.
    private func allocate(wide: Bool) -> UInt32? {
        let want: Int8 = wide ? 2 : 1
        while wide ? nextWide >= Self.widePool.lowerBound : nextNarrow <= Self.narrowPool.upperBound {
            let value = wide ? nextWide : nextNarrow
            if wide { nextWide -= 1 } else { nextNarrow += 1 }
            if probe.glibcWidth(value) < 0, probe.vtermWidth(value) == want { return value }
        }
        return nil
    }

    private static func utf8(_ value: UInt32) -> [UInt8] {
        guard let scalar = Unicode.Scalar(value) else { return narrowFallback }
        return Array(String(scalar).utf8)
    }
}
