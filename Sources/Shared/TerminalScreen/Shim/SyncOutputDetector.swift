// libvterm 0.1.4 swallows DEC private modes it does not know (it never calls the unrecognised
// fallbacks for them), so synchronized output (DEC 2026, `CSI ? 2026 h` / `l`) is detected by a
// byte scan beside the parser. memchr for ESC keeps the scan cheap; a short tail is carried when
// a sequence is split between two feeds.

import Glibc

/// Tracks whether the remote program is inside a synchronized-output update (DEC 2026).
struct SyncOutputDetector {
    private static let prefix: [UInt8] = Array("\u{1B}[?2026".utf8)
    private static let sequenceLength = prefix.count + 1
    private(set) var isActive = false
    private var carry: [UInt8] = []

    /// Scans one chunk of output.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if !carry.isEmpty { scanCarry(bytes) }
        var offset = 0
        while offset < bytes.count {
            guard let hit = memchr(base + offset, 0x1B, bytes.count - offset) else { return }
            let position = base.distance(to: UnsafeRawPointer(hit))
            let available = bytes.count - position
            if available < Self.sequenceLength {
                let tail = Array(bytes[position...])
                if Self.prefix.starts(with: tail) || tail.starts(with: Self.prefix) { carry = tail }
                return
            }
            check(UnsafeRawBufferPointer(rebasing: bytes[position..<(position + Self.sequenceLength)]))
            offset = position + 1
        }
    }

    private mutating func scanCarry(_ bytes: UnsafeRawBufferPointer) {
        let needed = Self.sequenceLength - carry.count
        var joined = carry
        carry = []
        joined.append(contentsOf: bytes.prefix(needed))
        if joined.count < Self.sequenceLength {
            if Self.prefix.starts(with: joined) || joined.starts(with: Self.prefix) { carry = joined }
            return
        }
        joined.withUnsafeBytes { check($0) }
    }

    private mutating func check(_ candidate: UnsafeRawBufferPointer) {
        guard candidate.starts(with: Self.prefix) else { return }
        switch candidate[Self.prefix.count] {
        case UInt8(ascii: "h"): isActive = true
        case UInt8(ascii: "l"): isActive = false
        default: break
        }
    }

    mutating func reset() {
        isActive = false
        carry = []
    }
}
