// libvterm 0.1.4 can crash (NULL dereference, found by our fuzz test) when a multi-byte UTF-8
// sequence is cut short by a control byte and followed by certain input. The sanitizer makes sure
// libvterm only ever sees well-formed UTF-8: every ill-formed sequence becomes U+FFFD (the
// WHATWG/Unicode "maximal subpart" rule), and a sequence split between two feeds is held back
// until it completes. C1 controls encoded as UTF-8 (U+0080–U+009F) are dropped: libvterm gives
// them width −1, and in insert mode at column 0 that crashes it too. Valid input is passed
// through without copying; ASCII is checked 8 bytes at a time.

/// Streams bytes through, replacing ill-formed UTF-8 with U+FFFD.
struct UTF8Sanitizer {
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    /// Bytes of an incomplete sequence carried over from the previous chunk.
    private var pending: [UInt8] = []
    /// Continuation bytes still expected by the sequence in progress.
    private var needed = 0
    /// Allowed range of the next byte (narrower after E0, ED, F0, F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// True while the sequence in progress started with C2 (a C1 control if the next byte < A0).
    private var leadIsC2 = false

    /// The bytes of a sequence cut by the end of the last chunk, not yet passed on.
    var unfinished: [UInt8] { needed == 0 ? [] : pending }

    /// Calls `emit` with consecutive well-formed pieces of `input`.
    mutating func process(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        var index = 0
        var segmentStart = 0
        var sequenceStart = 0
        let count = input.count
        while index < count {
            if needed == 0 {
                index = Self.skipASCII(input, from: index)
                guard index < count else { break }
                let byte = input[index]
                if byte < 0x80 {
                    index += 1
                    continue
                }
                if startSequence(byte) {
                    sequenceStart = index
                    pending.removeAll(keepingCapacity: true)
                } else {
                    flush(input, segmentStart..<index, emit)
                    Self.emitReplacement(emit)
                    segmentStart = index + 1
                }
                index += 1
                continue
            }
            let byte = input[index]
            if byte >= lower, byte <= upper {
                needed -= 1
                lower = 0x80
                upper = 0xBF
                if needed == 0, !pending.isEmpty {
                    pending.append(contentsOf: input[segmentStart...index])
                    pending.withUnsafeBytes(emit)
                    pending.removeAll(keepingCapacity: true)
                    segmentStart = index + 1
                }
                index += 1
            } else {
                let partialEnd = pending.isEmpty ? sequenceStart : segmentStart
                flush(input, segmentStart..<partialEnd, emit)
                let isC1 = leadIsC2 && byte >= 0x80 && byte <= 0x9F
                if !isC1 { Self.emitReplacement(emit) }
                pending.removeAll(keepingCapacity: true)
                resetSequence()
                if isC1 { index += 1 }
                segmentStart = index
            }
        }
        finishChunk(input, segmentStart: segmentStart, sequenceStart: sequenceStart, emit)
    }

    /// Emits the complete part of the chunk and keeps an unfinished sequence for later.
    private mutating func finishChunk(
        _ input: UnsafeRawBufferPointer, segmentStart: Int, sequenceStart: Int,
        _ emit: (UnsafeRawBufferPointer) -> Void
    ) {
        if needed == 0 {
            flush(input, segmentStart..<input.count, emit)
        } else if pending.isEmpty {
            flush(input, segmentStart..<sequenceStart, emit)
            pending.append(contentsOf: input[sequenceStart...])
        } else {
            pending.append(contentsOf: input[segmentStart...])
        }
    }

    /// Sets up the expectations for a lead byte; false if it cannot start a sequence.
    private mutating func startSequence(_ byte: UInt8) -> Bool {
        leadIsC2 = byte == 0xC2
        switch byte {
        case 0xC2:
            needed = 1
            lower = 0xA0
        case 0xC3...0xDF: needed = 1
        case 0xE0:
            needed = 2
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED:
            needed = 2
            upper = 0x9F
        case 0xF0:
            needed = 3
            lower = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4:
            needed = 3
            upper = 0x8F
        default: return false
        }
        return true
    }

    private mutating func resetSequence() {
        needed = 0
        leadIsC2 = false
        lower = 0x80
        upper = 0xBF
    }

    /// Drops an unfinished sequence (e.g. on reset).
    mutating func reset() {
        pending.removeAll()
        resetSequence()
    }

    private func flush(_ input: UnsafeRawBufferPointer, _ range: Range<Int>, _ emit: (UnsafeRawBufferPointer) -> Void) {
        guard range.lowerBound < range.upperBound else { return }
        emit(UnsafeRawBufferPointer(rebasing: input[range]))
    }

    private static func emitReplacement(_ emit: (UnsafeRawBufferPointer) -> Void) {
        replacement.withUnsafeBytes(emit)
    }

    /// The first index at or after `start` holding a non-ASCII byte (or `input.count`).
    private static func skipASCII(_ input: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index + 8 <= input.count {
            let word = input.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < input.count, input[index] < 0x80 { index += 1 }
        return index
    }
}
