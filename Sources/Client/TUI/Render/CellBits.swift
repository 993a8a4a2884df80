// Frame cells compared by their bytes first. A frame cell is plain data (a glyph is two words, a
// style four small enums and a bit set), so two cells with the same bytes are equal; the
// compositor compares every cell of every frame (4,800 at 120×40, 60 times a second), and the
// synthesized `==` (an enum switch per colour) cost about 95 instructions a cell. Bytes that
// differ may still be equal cells (padding, the unused payload bytes of `Color.default`), so
// `==` decides those.
import Foundation

/// Byte-wise comparison of frame cells, with `==` as the fallback.
enum CellBits {
    /// Whether cell `i` of `a` equals cell `j` of `b`.
    @inline(__always)
    static func same(
        _ a: UnsafeBufferPointer<FrameCell>, _ i: Int, _ b: UnsafeBufferPointer<FrameCell>, _ j: Int
    ) -> Bool {
        guard let left = a.baseAddress, let right = b.baseAddress else { return a[i] == b[j] }
        return bytesEqual(UnsafeRawPointer(left + i), UnsafeRawPointer(right + j)) || a[i] == b[j]
    }

    /// Whether `a` and `b` (of the same count) hold the same bytes: equal cells for certain when
    /// true; when false, some cell differs or only its padding does (the caller compares cells).
    static func same(_ a: UnsafeBufferPointer<FrameCell>, _ b: UnsafeBufferPointer<FrameCell>) -> Bool {
        guard a.count == b.count, let left = a.baseAddress, let right = b.baseAddress else {
            return a.isEmpty && b.isEmpty
        }
        return memcmp(left, right, a.count * MemoryLayout<FrameCell>.stride) == 0
    }

    /// Whether cells `i` and `j` of `cells` have the same width and style bytes (so the same
    /// width and style for certain; false says nothing). `offset` is `widthOffset`, which the
    /// caller keeps (a static is checked for initialisation on every read).
    @inline(__always)
    static func sameWidthAndStyle(
        _ cells: UnsafeBufferPointer<FrameCell>, _ i: Int, _ j: Int, offset: Int?
    ) -> Bool {
        guard let base = cells.baseAddress, let offset else { return false }
        let a = UnsafeRawPointer(base + i) + offset
        let b = UnsafeRawPointer(base + j) + offset
        if offset == 16, MemoryLayout<FrameCell>.size == 32, MemoryLayout<FrameCell>.alignment >= 8 {
            return a.load(as: UInt64.self) == b.load(as: UInt64.self)
                && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
        }
        return memcmp(a, b, MemoryLayout<FrameCell>.size - offset) == 0
    }

    /// Where a cell's width and style start, when they are its last fields (after the glyph);
    /// nil otherwise (then `sameWidthAndStyle` is always false).
    static let widthOffset: Int? = {
        guard let width = MemoryLayout<FrameCell>.offset(of: \.width),
            let style = MemoryLayout<FrameCell>.offset(of: \.style), width == MemoryLayout<Glyph>.size,
            style > width, style + MemoryLayout<Style>.size == MemoryLayout<FrameCell>.size
        else { return nil }
        return width
    }()

    @inline(__always)
    private static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        if MemoryLayout<FrameCell>.size == 32, MemoryLayout<FrameCell>.alignment >= 8 {
            return a.load(as: UInt64.self) == b.load(as: UInt64.self)
                && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
                && a.load(fromByteOffset: 16, as: UInt64.self) == b.load(fromByteOffset: 16, as: UInt64.self)
                && a.load(fromByteOffset: 24, as: UInt64.self) == b.load(fromByteOffset: 24, as: UInt64.self)
        }
        return memcmp(a, b, MemoryLayout<FrameCell>.size) == 0
    }
}
