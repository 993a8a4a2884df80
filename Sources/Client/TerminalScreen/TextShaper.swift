// The feed path's side of the width rule. Printed text is grouped into cells by `ClusterRule`
// (tmux 3.3a's rule) before libvterm sees it. A cell libvterm would make identically (same
// width, marks it joins itself, at most 6 scalars) passes through untouched — nearly all text;
// any other cell is replaced by a stand-in scalar from `ClusterTable`, printed with the right
// width, and scalars tmux drops are removed. Cells are formed within one piece of input; a
// joining scalar that arrives later (next feed, or after an escape sequence) is left to libvterm
// when it joins it the same way, and dropped otherwise. When it starts a piece right after the
// previous piece's last cell, the input guard makes sure libvterm joins it to that cell (see
// InputGuard+Join.swift).

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
    /// The previous piece ended with the last cell, and nothing but joining scalars came since.
    private(set) var lastCellEndsPiece = false

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
        rule.close()
    }

    /// Where the open cell starts in the current piece, if a cell is open.
    var openCellStart: Int? { start >= 0 ? start : nil }

    /// The last cell given to libvterm and its width (what REP repeats).
    var lastCell: (glyph: [UInt8], width: Int) {
        lastIsASCII ? ([lastASCII], 1) : (lastGlyph, lastWidth)
    }

    /// True when `value`, at the start of a piece, joins the previous piece's last cell and
    /// libvterm joins it the same way (a combining mark for both glibc and libvterm).
    func continuesLastCell(_ value: UInt32) -> Bool {
        guard lastCellEndsPiece, start < 0 else { return false }
        return table.probe.glibcWidth(value) == 0 && table.probe.vtermWidth(value) == VTermWidthProbe.combining
    }

    /// Records that libvterm joined `mark` to the last cell (REP repeats the mark too).
    mutating func extendLastCell(with mark: UnsafeRawBufferPointer) {
        let cell = lastCell
        lastGlyph = cell.glyph + mark
        lastWidth = cell.width
        lastIsASCII = false
    }

    /// Forgets everything (hard reset).
    mutating func reset() {
        self = TextShaper(table: table)
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
        lastGlyph.removeAll(keepingCapacity: true)
        if native && scalars.count <= Self.vtermMaxScalars {
            if exact {
                lastGlyph.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[start..<end]))
            } else {
                for scalar in scalars { lastGlyph.append(contentsOf: String(scalar).utf8) }
                replace(start..<end, lastGlyph)
            }
        } else {
            if scalars != lastStandInScalars {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars)
                lastStandIn = table.standIn(for: text, width: width)
                lastStandInScalars = scalars
            }
            lastGlyph.append(contentsOf: lastStandIn)
            replace(start..<end, lastGlyph)
        }
        lastWidth = width
        lastIsASCII = false
    }
}
