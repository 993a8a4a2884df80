// One output pattern as lowercase UTF-8 bytes, found with memchr and memcmp.

import Foundation

/// A pattern to find in text whose ASCII letters are folded to lowercase.
struct FoldedPattern: Sendable {
    private let bytes: [UInt8]

    init(_ pattern: String) { bytes = Array(pattern.lowercased().utf8) }

    /// True if the pattern occurs in `text`.
    func contains(in text: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return true }
        guard let base = text.baseAddress, text.count >= bytes.count else { return false }
        return bytes.withUnsafeBytes { needle -> Bool in
            guard let needleBase = needle.baseAddress else { return false }
            let end = base + (text.count - needle.count + 1)
            var at = base
            while at < end {
                guard let hit = memchr(at, Int32(first), end - at) else { return false }
                if memcmp(hit, needleBase, needle.count) == 0 { return true }
                at = UnsafeRawPointer(hit) + 1
            }
            return false
        }
    }
}
