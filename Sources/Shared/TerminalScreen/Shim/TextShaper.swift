// The feed path's side of the width rule. Printed text is grouped into cells by `ClusterRule`
// (tmux 3.3a's rule) before libvterm sees it. A cell libvterm would make identically (same
// width, marks it joins itself, at most 6 scalars) passes through untouched — nearly all text;
// any other cell is replaced by a stand-in scalar from `ClusterTable`, printed with the right
// width, and scalars tmux drops are removed. A joining scalar (mark, ZWJ, variation selector, or
// any scalar after a ZWJ) that starts a piece right after the previous piece's last cell re-forms
// that cell exactly as one piece would have formed it, and the cell is printed again in place
// (see InputGuard+Join.swift). One that comes after an escape sequence is left to libvterm when it
// joins it the same way, and dropped otherwise.

/// Groups printed scalars into tmux's cells and rewrites the ones libvterm would get wrong.
struct TextShaper {
    /// Replaces `input[range]` by the bytes (the caller writes everything before `range` first).
    typealias Replace = (Range<Int>, [UInt8]) -> Void

    /// libvterm 0.1.4 keeps this many scalars per cell.
    static let vtermMaxScalars = 6

    let table: ClusterTable
    private var rule = ClusterRule()
    /// The open cell: its bytes are `input[start..<end]` of the current piece; `start < 0`: none.
    private var start = -1
    private var end = 0
    private var width = 1
    /// The open cell is one ASCII byte so far (`scalars` not filled).
    private var isPlainASCII = false
    private var asciiBase: UInt8 = 0
    private var scalars: [Unicode.Scalar] = []
    /// UTF-8 length of `scalars` (less than `end - start` when something was dropped).
    private var keptBytes = 0
    /// libvterm makes exactly this cell of `scalars`.
    private var native = true
    /// The last stand-in used and the scalars it stands for (a repeated emoji looks it up once).
    private var lastStandIn: [UInt8] = []
    private var lastStandInScalars: [Unicode.Scalar] = []
    /// The last cell given to libvterm, for REP.
    private(set) var lastGlyph: [UInt8] = []
    private(set) var lastWidth = 1
    private(set) var lastASCII: UInt8 = 0
    private(set) var lastIsASCII = false
    /// The previous piece ended with the last cell, and nothing but joining scalars came since
    /// (`rule` is still open for that cell).
    private(set) var lastCellEndsPiece = false
    /// How to print the last cell again when the current piece re-forms it (see `beginPiece`).
    private var reprint: Reprint?
    /// Bytes before and after a cell printed again, and whether libvterm waits to wrap on it.
    typealias Reprint = (moveBack: [UInt8], restore: [UInt8], pendingWrap: Bool)
    /// The open cell re-forms the previous piece's last cell, whose first `reopenedScalars`
    /// scalars libvterm already shows.
    private(set) var openCellIsReopened = false
    private var reopenedScalars = 0

    init(table: ClusterTable) {
        self.table = table
    }

    /// A printable ASCII byte at `index`.
    @inline(__always)
    mutating func ascii(_ byte: UInt8, at index: Int, _ input: UnsafeRawBufferPointer, _ replace: Replace) {
        guard !rule.joinerPending else {
            scalar(UInt32(byte), range: index..<(index + 1), input, replace)
            return
        }
        if start >= 0 {
            if isPlainASCII && end - start == 1 {
                // The common case, a run of ASCII: the previous cell needs nothing.
                asciiBase = byte
                start = index
                end = index + 1
                return
            }
            finish(input, replace)
        }
        start = index
        end = index + 1
        width = 1
        isPlainASCII = true
        asciiBase = byte
        rule.openASCII()
    }

    /// A run of printable ASCII: every character but the last is a finished cell libvterm makes
    /// as tmux does.
    mutating func asciiRun(_ run: ClosedRange<Int>, _ input: UnsafeRawBufferPointer, _ replace: Replace) {
        var first = run.lowerBound
        if rule.joinerPending {
            ascii(input[first], at: first, input, replace)
            first += 1
            if first > run.upperBound { return }
        }
        ascii(input[run.upperBound], at: run.upperBound, input, replace)
    }

    /// A non-ASCII scalar occupying `input[range]`.
    mutating func scalar(_ value: UInt32, range: Range<Int>, _ input: UnsafeRawBufferPointer, _ replace: Replace) {
        guard let scalar = Unicode.Scalar(value) else { return replace(range, []) }
        let glibc = table.probe.glibcWidth(value)
        if start < 0, lastCellEndsPiece, let reprint, glibc == 0 || (glibc > 0 && rule.joinerPending) {
            reopen(at: range.lowerBound, reprint)
        }
        if start < 0, glibc <= 0 || value == ClusterRule.zeroWidthJoiner {
            // Nothing to join in this piece: libvterm joins it to its last glyph or it goes.
            let passes = glibc == 0 && table.probe.vtermWidth(value) == VTermWidthProbe.combining
            if !passes { replace(range, []) }
            return
        }
        switch rule.step(scalar, width: glibc) {
        case .drop, .holdJoiner:
            end = range.upperBound
        case .start(let cellWidth):
            if start >= 0 { finish(input, replace) }
            open(scalar, width: cellWidth, range: range)
        case .append:
            join(scalar, range: range, native: table.probe.vtermWidth(value) == VTermWidthProbe.combining)
        case .join(let joiner, let joined):
            if joiner { join("\u{200D}", range: range, native: false) }
            if joined { join(scalar, range: range, native: false) }
            end = range.upperBound
        }
    }

    /// A control or an escape sequence: the open cell is complete.
    mutating func close(_ input: UnsafeRawBufferPointer, _ replace: Replace) {
        if start >= 0 { finish(input, replace) }
        rule.close()
        lastCellEndsPiece = false
    }

    /// The end of the piece: the open cell is complete, but a joining scalar starting the next
    /// piece still belongs to it.
    mutating func endPiece(_ input: UnsafeRawBufferPointer, _ replace: Replace) {
        if start >= 0 {
            finish(input, replace)
            lastCellEndsPiece = true
        }
        if !lastCellEndsPiece { rule.close() }
        reprint = nil
    }

    /// A piece starts while the previous piece's last cell may still be re-formed
    /// (`lastCellEndsPiece`). `moveBack` puts libvterm's cursor back onto that cell (nil: the
    /// cursor has left it, the cell stays as it is), `restore` follows the cell printed again, and
    /// `pendingWrap` says libvterm waits there to wrap.
    mutating func beginPiece(moveBack: [UInt8]?, restore: [UInt8], pendingWrap: Bool) {
        guard lastCellEndsPiece else { return }
        guard let moveBack else {
            lastCellEndsPiece = false
            rule.close()
            return
        }
        reprint = (moveBack, restore, pendingWrap)
    }

    /// Where the open cell starts in the current piece, if a cell is open.
    var openCellStart: Int? { start >= 0 ? start : nil }

    /// The last cell given to libvterm and its width (what REP repeats).
    var lastCell: (glyph: [UInt8], width: Int) {
        lastIsASCII ? ([lastASCII], 1) : (lastGlyph, lastWidth)
    }

    /// Forgets everything (hard reset).
    mutating func reset() {
        self = TextShaper(table: table)
    }

    /// Opens the previous piece's last cell again at `index`, for the joining scalar there.
    private mutating func reopen(at index: Int, _ how: Reprint) {
        if lastIsASCII {
            // `scalars`, `width` and `native` still describe the last cell unless it was ASCII.
            scalars.removeAll(keepingCapacity: true)
            scalars.append(Unicode.Scalar(lastASCII))
            width = 1
            native = true
        }
        start = index
        end = index
        isPlainASCII = false
        keptBytes = 0
        reopenedScalars = scalars.count
        openCellIsReopened = true
        reprint = how
    }

    private mutating func open(_ scalar: Unicode.Scalar, width cellWidth: Int, range: Range<Int>) {
        start = range.lowerBound
        end = range.upperBound
        width = cellWidth
        isPlainASCII = false
        scalars.removeAll(keepingCapacity: true)
        scalars.append(scalar)
        keptBytes = range.count
        native = table.probe.vtermWidth(scalar.value) == Int8(cellWidth)
    }

    private mutating func join(_ scalar: Unicode.Scalar, range: Range<Int>, native joinsNatively: Bool) {
        if isPlainASCII {
            isPlainASCII = false
            scalars.removeAll(keepingCapacity: true)
            scalars.append(Unicode.Scalar(asciiBase))
            keptBytes = 1
            native = true
        }
        scalars.append(scalar)
        keptBytes += scalar.utf8.count
        native = native && joinsNatively
        end = range.upperBound
    }

    /// Gives the open cell to libvterm: as it came, as its kept scalars, or as a stand-in.
    private mutating func finish(_ input: UnsafeRawBufferPointer, _ replace: Replace) {
        defer { start = -1 }
        lastCellEndsPiece = false
        if openCellIsReopened { return finishReopened(replace) }
        let exact = keptBytes == end - start
        if isPlainASCII && end - start == 1 {
            lastASCII = asciiBase
            lastIsASCII = true
            return
        }
        if isPlainASCII {
            // A lone ASCII byte followed by scalars tmux dropped.
            replace(start..<end, [asciiBase])
            lastASCII = asciiBase
            lastIsASCII = true
            return
        }
        if native && scalars.count <= Self.vtermMaxScalars && exact {
            lastGlyph.removeAll(keepingCapacity: true)
            lastGlyph.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[start..<end]))
        } else {
            formGlyph()
            replace(start..<end, lastGlyph)
        }
        lastWidth = width
        lastIsASCII = false
    }

    /// Gives a re-formed cell to libvterm. Marks libvterm joins itself are passed on alone when
    /// the cursor is right after the cell (it joins them there, also in insert mode); otherwise
    /// the cursor goes back onto the cell and the whole cell is printed again (libvterm 0.1.4
    /// joins nothing to a cell it waits to wrap on, and cannot change a cell's scalars).
    private mutating func finishReopened(_ replace: Replace) {
        openCellIsReopened = false
        let how = reprint ?? ([], [], false)
        reprint = nil
        formGlyph()
        lastWidth = width
        lastIsASCII = false
        if native && scalars.count <= Self.vtermMaxScalars && !how.pendingWrap {
            var added: [UInt8] = []
            for scalar in scalars[reopenedScalars...] { added.append(contentsOf: String(scalar).utf8) }
            replace(start..<end, added)
        } else {
            replace(start..<end, how.moveBack + lastGlyph + how.restore)
        }
    }

    /// Sets `lastGlyph` to the open cell as libvterm gets it: its kept scalars or a stand-in.
    private mutating func formGlyph() {
        lastGlyph.removeAll(keepingCapacity: true)
        if native && scalars.count <= Self.vtermMaxScalars {
            for scalar in scalars { lastGlyph.append(contentsOf: String(scalar).utf8) }
            return
        }
        if scalars != lastStandInScalars {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            lastStandIn = table.standIn(for: text, width: width)
            lastStandInScalars = scalars
        }
        lastGlyph.append(contentsOf: lastStandIn)
    }
}
