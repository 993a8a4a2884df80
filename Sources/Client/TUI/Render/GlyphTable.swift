// The long glyphs of frame cells (over 15 UTF-8 bytes), interned once for the whole process so a
// `Glyph` can stay two words.

import Synchronization

/// The interned long glyphs. It only grows, so it is bounded: past `capacity` different long
/// glyphs a new one is shown as U+FFFD (a program would have to print 65,536 different graphemes
/// longer than 15 bytes to get there).
final class GlyphTable: Sendable {
    static let shared = GlyphTable()
    static let capacity = 65_536

    private struct State {
        var texts: [String] = ["\u{FFFD}"]
        /// Keyed by the bytes, not the `String`: canonically equivalent texts stay apart.
        var indexes: [[UInt8]: Int] = [:]
    }

    private let state = Mutex(State())

    func index(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let bytes = Array(utf8)
        return state.withLock { state in
            if let index = state.indexes[bytes] { return index }
            guard state.texts.count < Self.capacity else { return 0 }
            state.texts.append(String(decoding: bytes, as: UTF8.self))
            state.indexes[bytes] = state.texts.count - 1
            return state.texts.count - 1
        }
    }

    func text(at index: Int) -> String {
        state.withLock { $0.texts.indices.contains(index) ? $0.texts[index] : "\u{FFFD}" }
    }
}
