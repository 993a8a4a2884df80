// Lines pushed off the top of a TerminalScreen, in a ring of bounded size. Lines are stored
// trimmed of trailing blank cells and packed (`PackedLine`), which keeps a full scrollback of
// 5,000 lines to about a megabyte.

/// A bounded ring of scrollback lines; index 0 is the oldest line kept.
struct ScrollbackBuffer {
    private var storage: [PackedLine] = []
    private var head = 0
    let limit: Int
    /// Lines pushed since the buffer was made (never decreases): a reader that remembers it can
    /// tell how many of the newest lines are new to it.
    private(set) var pushedTotal = 0
    /// Changes whenever lines already pushed are taken back (`popNewest`, `removeAll`): a reader
    /// must then read every line again.
    private(set) var epoch = 0

    init(limit: Int) { self.limit = max(0, limit) }

    var count: Int { storage.count }

    subscript(index: Int) -> [Cell] { storage[(head + index) % storage.count].cells }

    /// Appends the newest line, dropping the oldest once `limit` lines are kept.
    mutating func push(packed line: PackedLine) {
        guard limit > 0 else { return }
        pushedTotal += 1
        if storage.count < limit {
            storage.append(line)
        } else {
            storage[head] = line
            head = (head + 1) % storage.count
        }
    }

    /// Removes and returns the newest line.
    mutating func popNewest() -> [Cell]? {
        guard !storage.isEmpty else { return nil }
        epoch += 1
        if head != 0 {
            storage = Array(storage[head...] + storage[..<head])
            head = 0
        }
        return storage.removeLast().cells
    }

    mutating func removeAll() {
        epoch += 1
        storage.removeAll()
        head = 0
    }
}
