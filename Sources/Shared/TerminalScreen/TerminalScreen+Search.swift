// Text search over scrollback + screen, for the UI's `/`, `n`, `N`.

/// The last search and the content generation it was computed for.
struct SearchCache {
    let needle: String
    let caseSensitive: Bool
    let generation: Int
    let matches: [SearchMatch]
}

extension TerminalScreen {
    /// Every match of `needle` in the history (scrollback then screen), in order from the oldest
    /// line. Matching is per line (a match never spans a line break), by Unicode scalars; with
    /// `caseSensitive: false` scalars are compared lowercased. An empty needle matches nothing.
    /// Results are cached until the screen changes, so repeating a search every frame is free.
    public func search(_ needle: String, caseSensitive: Bool = false) -> [SearchMatch] {
        if let cache = searchCache, cache.needle == needle, cache.caseSensitive == caseSensitive,
            cache.generation == contentGeneration
        {
            return cache.matches
        }
        let matches = uncachedSearch(needle, caseSensitive: caseSensitive)
        searchCache = SearchCache(
            needle: needle, caseSensitive: caseSensitive, generation: contentGeneration, matches: matches)
        return matches
    }

    private func uncachedSearch(_ needle: String, caseSensitive: Bool) -> [SearchMatch] {
        let pattern = Self.searchScalars(needle, caseSensitive: caseSensitive)
        guard !pattern.isEmpty else { return [] }
        var matches: [SearchMatch] = []
        for line in 0..<historyCount {
            let cells = historyLine(line)
            for hit in Self.find(pattern, in: cells, caseSensitive: caseSensitive) {
                matches.append(SearchMatch(line: line, column: hit.column, width: hit.width))
            }
        }
        return matches
    }

    static func searchScalars(_ text: String, caseSensitive: Bool) -> [Unicode.Scalar] {
        let source = caseSensitive ? text : text.lowercased()
        return Array(source.unicodeScalars)
    }

    /// Matches of `pattern` in one line; each scalar remembers the cell column it came from.
    static func find(
        _ pattern: [Unicode.Scalar], in cells: [Cell], caseSensitive: Bool
    )
        -> [(column: Int, width: Int)]
    {
        var scalars: [Unicode.Scalar] = []
        var columns: [Int] = []
        for (column, cell) in cells.enumerated() where !cell.isContinuation {
            let text = cell.text.isEmpty ? " " : cell.text
            for scalar in searchScalars(text, caseSensitive: caseSensitive) {
                scalars.append(scalar)
                columns.append(column)
            }
        }
        var hits: [(column: Int, width: Int)] = []
        var start = 0
        while start + pattern.count <= scalars.count {
            if scalars[start..<(start + pattern.count)].elementsEqual(pattern) {
                let first = columns[start]
                let lastColumn = columns[start + pattern.count - 1]
                let lastWidth = max(Int(cells[lastColumn].width), 1)
                hits.append((first, lastColumn + lastWidth - first))
                start += pattern.count
            } else {
                start += 1
            }
        }
        return hits
    }
}
