// The UI's side of the one width rule: the cells a string takes when printed, formed exactly as
// the feed path and tmux form them (`ClusterRule`), so what the UI lays out is what the outer
// terminal shows: a flag is two cells of one column, a skin-toned emoji two wide cells, a ZWJ
// family one wide cell, and an unprintable scalar nothing.

/// One cell of laid-out text: the scalars drawn there and the columns they take.
public struct CellCluster: Equatable, Sendable {
    /// The cell's text: a base scalar with what joined it.
    public var text: String
    /// 1 or 2.
    public var width: Int

    /// Creates a cluster.
    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }
}

/// Text laid out in terminal cells.
public enum CellLayout {
    /// The cells `text` occupies, left to right. Controls are not special here (callers escape
    /// or replace them first); they count as what glibc says (−1: dropped).
    public static func clusters(of text: String) -> [CellCluster] {
        var result: [CellCluster] = []
        var rule = ClusterRule()
        for scalar in text.unicodeScalars {
            switch rule.step(scalar, width: TerminalScreen.displayWidth(of: scalar)) {
            case .drop, .holdJoiner: break
            case .start(let width): result.append(CellCluster(text: String(scalar), width: width))
            case .append: result[result.count - 1].text.unicodeScalars.append(scalar)
            case .join(let joiner, let joined):
                if joiner { result[result.count - 1].text.unicodeScalars.append("\u{200D}") }
                if joined { result[result.count - 1].text.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Columns `text` occupies.
    public static func width(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var rule = ClusterRule()
        var total = 0
        for scalar in text.unicodeScalars {
            if case .start(let width) = rule.step(scalar, width: TerminalScreen.displayWidth(of: scalar)) {
                total += width
            }
        }
        return total
    }
}
