// Where two images differ, said briefly enough for a test failure or a harness report.

extension ScreenImage {
    /// The first difference between `self` and `other`, nil when they are equal.
    public func difference(from other: ScreenImage) -> String? {
        if rows != other.rows || cols != other.cols { return "size \(rows)x\(cols) vs \(other.rows)x\(other.cols)" }
        if let row = Self.firstDifferentRow(screen, other.screen) { return "screen " + row }
        if (primary == nil) != (other.primary == nil) {
            return "alternate screen \(primary != nil) vs \(other.primary != nil)"
        }
        if let a = primary, let b = other.primary, let row = Self.firstDifferentRow(a, b) { return "primary " + row }
        if scrollback.count != other.scrollback.count {
            return "scrollback \(scrollback.count) vs \(other.scrollback.count) lines"
        }
        if let row = Self.firstDifferentRow(scrollback, other.scrollback) { return "scrollback " + row }
        let facts: [(String, String, String)] = [
            ("cursor", "\(cursor)", "\(other.cursor)"), ("blink", "\(cursorBlink)", "\(other.cursorBlink)"),
            ("shape", "\(cursorShape)", "\(other.cursorShape)"),
            ("pending wrap", "\(pendingWrap)", "\(other.pendingWrap)"),
            ("pen", "\(pen)", "\(other.pen)"), ("saved", "\(saved)", "\(other.saved)"),
            ("modes", "\(modes)", "\(other.modes)"), ("title", title, other.title), ("icon", iconName, other.iconName),
        ]
        return facts.first { $0.1 != $0.2 }.map { "\($0.0): \($0.1) vs \($0.2)" }
    }

    private static func firstDifferentRow(_ a: [[Cell]], _ b: [[Cell]]) -> String? {
        for (index, (left, right)) in zip(a, b).enumerated() where left != right {
            let col =
                zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(left.count, right.count)
            let l = col < left.count ? "\(left[col])" : "none"
            let r = col < right.count ? "\(right[col])" : "none"
            return "row \(index) col \(col): \(l) vs \(r)"
        }
        return nil
    }
}
