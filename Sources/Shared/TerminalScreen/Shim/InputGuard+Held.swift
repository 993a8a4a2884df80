// The guard's feed loop. Bytes go to libvterm in segments between the places the guard changes
// something (REP, SGR) or must act right after (cursor restores). An escape sequence still open
// at the end of a chunk is held back (`held`) and given to libvterm together with the rest of it,
// so that an SGR split across chunks is rewritten as a whole. Held bytes always precede every
// byte of the current chunk, so writing them first keeps the order.

extension InputGuard {
    /// Passes `input` to `write`, rewriting REP and SGR sequences and calling `cursorRestored`
    /// right after a cursor restore was written, `hooks.cursorSaved` right after a cursor save and
    /// `hooks.beforeAlternateScreen` right before a switch to the alternate screen. `cursor` and `columns` describe the
    /// terminal when a REP is reached (`cursor` and `isErased` read libvterm's screen, see
    /// InputGuard+Join.swift); `currentFont` reads libvterm's pen font number when an SGR
    /// is reached (everything before it has been written). A CSI libvterm would crash on (more
    /// than 16 arguments) is replaced by CAN, or split when it is an SGR.
    mutating func process(
        _ input: UnsafeRawBufferPointer, columns: Int, cursor: () -> Position, isErased: (Position) -> Bool,
        currentFont: () -> Int, cursorRestored: () -> Void, hooks: StateHooks = StateHooks(),
        write: (UnsafeRawBufferPointer) -> Void
    ) {
        prepareReprint(cursor: cursor)
        var segmentStart = 0
        var sequenceStart: Int?
        func replace(_ range: Range<Int>, _ bytes: [UInt8]) {
            if segmentStart < range.lowerBound {
                write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<range.lowerBound]))
            }
            if !bytes.isEmpty { bytes.withUnsafeBytes(write) }
            segmentStart = range.upperBound
        }
        var index = 0
        while index < input.count {
            let byte = input[index]
            if mode == .ground, byte >= 0x20, byte < 0x7F {
                // A run of printable ASCII: only its last character can still be joined.
                printedLast = true
                printedRuns &+= 1
                if printedNonASCII, translatesASCII { replace(index..<index, []) }
                printedNonASCII = false
                let end = input.printableASCIIRunEnd(from: index)
                shaper.asciiRun(index...(end - 1), input, replace)
                index = end
                continue
            }
            // Every other byte is taken one at a time, whichever way its handling ends.
            defer { index += 1 }
            if takeParameter(byte) { continue }
            let cancels = byte == 0x1B || byte == 0x18 || byte == 0x1A || byte >= 0x80
            if mode == .csi, csiArguments > Self.maxVTermArguments, cancels {
                // An SGR too long for libvterm, cut short: it must not reach libvterm either. CAN
                // takes its place (see `.dropSequence`).
                let start = held.isEmpty ? (sequenceStart ?? segmentStart) : segmentStart
                if segmentStart < start { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<start])) }
                held.removeAll(keepingCapacity: true)
                Self.cancel.withUnsafeBytes(write)
                segmentStart = index
            }
            if byte >= 0x80, mode == .csi || mode == .escape || mode == .escapeIntermediate {
                // libvterm ends the sequence at such a byte, eats it and prints the scalar's other
                // bytes as text: ill-formed UTF-8 that crashed it (U+FFFD joined by U+3099 on a
                // two-column screen). CAN ends the sequence instead; the scalar is then text for both.
                flushHeld(write)
                if segmentStart < index { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<index])) }
                Self.cancel.withUnsafeBytes(write)
                segmentStart = index
                mode = .ground
            }
            let inGround = mode == .ground
            if inGround, byte < 0x20 || byte == 0x7F { shaper.close(input, replace) }
            let inString = mode == .string || mode == .stringEscape
            if byte == 0x1B && !inString {
                flushHeld(write)
                sequenceStart = index
            }
            let event = step(byte)
            if inGround, byte >= 0x20, byte != 0x7F {
                printedLast = true
                printedRuns &+= 1
                printedNonASCII = byte >= 0x80
                shape(byte, at: index, input, replace)
            }
            if inString, mode == .ground, !held.isEmpty {
                // A held string ends here: libvterm must get all of it in one write.
                held.append(contentsOf: input[segmentStart...index])
                flushHeld(write)
                segmentStart = index + 1
                continue
            }
            if !isHoldable && !event.consumesSequence { flushHeld(write) }
            switch event {
            case .none:
                continue
            case .repeatCharacter:
                if segmentStart < index { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<index])) }
                let replacement = [0x18] + repetition(count: csiCount, columns: columns, cursorColumn: cursor().col)
                replacement.withUnsafeBytes(write)
            case .cursorRestored:
                if entersAlternateScreen {
                    // The primary screen is read before libvterm gets the sequence's final byte.
                    let start = held.isEmpty ? max(sequenceStart ?? segmentStart, segmentStart) : segmentStart
                    if segmentStart < start { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<start])) }
                    hooks.beforeAlternateScreen()
                    write(UnsafeRawBufferPointer(rebasing: input[start...index]))
                } else {
                    write(UnsafeRawBufferPointer(rebasing: input[segmentStart...index]))
                }
                cursorRestored()
                if savesCursor { hooks.cursorSaved() }
            case .cursorSaved:
                write(UnsafeRawBufferPointer(rebasing: input[segmentStart...index]))
                hooks.cursorSaved()
            case .selectGraphicRendition, .dropSequence:
                // The sequence (held bytes, then this chunk from its ESC) may be replaced. What
                // precedes it goes to libvterm first: the rewrite reads libvterm's pen font, and an
                // SGR passed on unchanged (`CSI m`) but not yet written left a stale font, so that
                // `CSI 2m CSI m CSI 2;1m` lost the dim when it came in one piece (libFuzzer `terminal`).
                let start = held.isEmpty ? (sequenceStart ?? segmentStart) : segmentStart
                if segmentStart < start { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<start])) }
                segmentStart = max(segmentStart, start)
                // A dropped sequence leaves CAN in its place: dropping its ESC alone left libvterm
                // inside the CSI that ESC interrupted (`CSI` + 15 `;`, then a dropped CSI of 17
                // arguments), and the next `;` gave it a 17th argument: a write past its argument
                // array and a crash (`csi-17-arguments-after-nul-minimal`, libFuzzer `terminal`).
                let replacement = event == .dropSequence ? Self.cancel : sgrReplacement(currentFont)
                if event == .selectGraphicRendition && replacement == nil {
                    flushHeld(write)
                    continue
                }
                held.removeAll(keepingCapacity: true)
                replacement?.withUnsafeBytes(write)
            case .swallow:
                if segmentStart < index { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<index])) }
            case .dropStringByte:
                // The string still reaches libvterm in one write: what precedes the byte is held.
                let start = held.isEmpty ? max(sequenceStart ?? segmentStart, segmentStart) : segmentStart
                if segmentStart < start { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<start])) }
                held.append(contentsOf: input[start..<index])
            case .cancelFinal:
                if segmentStart < index { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<index])) }
                Self.cancel.withUnsafeBytes(write)
            }
            segmentStart = index + 1
        }
        // The piece's last cell goes to libvterm on its own, between two cursor reads (a re-formed
        // cell stays where it was).
        var before: Position?
        if let cellStart = shaper.openCellStart, !shaper.openCellIsReopened {
            replace(cellStart..<cellStart, [])
            before = cursor()
        }
        shaper.endPiece(input, replace)
        finishChunk(input, segmentStart: segmentStart, sequenceStart: sequenceStart, write)
        if let before { noteLastCell(before: before, after: cursor(), isErased: isErased) }
    }

    /// Hands a printable byte of the ground state to the shaper (a scalar once it is complete).
    @inline(__always)
    private mutating func shape(
        _ byte: UInt8, at index: Int, _ input: UnsafeRawBufferPointer, _ replace: TextShaper.Replace
    ) {
        if byte < 0x80 {
            shaper.ascii(byte, at: index, input, replace)
        } else if let value = completedScalar {
            completedScalar = nil
            shaper.scalar(value, range: (index + 1 - scalarLength)..<(index + 1), input, replace)
        }
    }

    private static let cancel: [UInt8] = [0x18]

    /// True while a sequence is open that may still turn out to be an SGR, or a string (OSC,
    /// DCS…) short enough to hold: libvterm 0.1.4 drops an OSC split across two writes (a title
    /// cut by a chunk boundary was lost; found by Fuzz/Targets/terminal).
    private var isHoldable: Bool {
        switch mode {
        case .escape, .stringEscape, .csi: return true
        case .string: return held.count < Self.maxHeldString
        default: return false
        }
    }

    private mutating func flushHeld(_ write: (UnsafeRawBufferPointer) -> Void) {
        guard !held.isEmpty else { return }
        held.withUnsafeBytes(write)
        held.removeAll(keepingCapacity: true)
    }

    /// What replaces the SGR just completed, or nil to pass it on unchanged (libvterm cannot
    /// take more than `maxVTermArguments`, so a longer list is always rewritten and split).
    private mutating func sgrReplacement(_ currentFont: () -> Int) -> [UInt8]? {
        rewriter.rewrite(sgrParams, force: csiArguments > Self.maxVTermArguments, currentFont: currentFont)
    }

    private mutating func finishChunk(
        _ input: UnsafeRawBufferPointer, segmentStart: Int, sequenceStart: Int?,
        _ write: (UnsafeRawBufferPointer) -> Void
    ) {
        guard segmentStart < input.count else { return }
        guard isHoldable else {
            flushHeld(write)
            write(UnsafeRawBufferPointer(rebasing: input[segmentStart...]))
            return
        }
        let start = held.isEmpty ? max(sequenceStart ?? segmentStart, segmentStart) : segmentStart
        if segmentStart < start { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<start])) }
        held.append(contentsOf: input[start...])
    }
}

extension InputGuard {
    /// What the guard tells its screen about state changes libvterm does not report.
    struct StateHooks {
        /// A cursor save was just written (DECSC, 1048, 1049).
        var cursorSaved: () -> Void = {}
        /// A switch to the alternate screen is about to be written.
        var beforeAlternateScreen: () -> Void = {}
    }
}

extension InputGuard.Event {
    /// The event replaces the whole sequence, held bytes included.
    var consumesSequence: Bool { self == .selectGraphicRendition || self == .dropSequence }
}
