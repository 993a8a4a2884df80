// A NULL-terminated array of C strings for argv/envp, built before fork so that the child only
// calls async-signal-safe functions.
import Foundation

/// Owned copies of strings as a `char *const[]` terminated by NULL; freed on deinit.
final class CStringArray {
    private var pointers: [UnsafeMutablePointer<CChar>?]

    /// Copies `strings`; throws if one contains a NUL byte (C would silently truncate it).
    init(_ strings: [String]) throws(PTYError) {
        if let bad = strings.first(where: { $0.utf8.contains(0) }) {
            throw .invalidArgument("NUL byte in \(bad.debugDescription)")
        }
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }

    /// Calls `body` with the array's base address.
    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { buffer in
            // A non-empty array always has a base address; the fallback keeps this free of force-unwraps.
            guard let base = buffer.baseAddress else { return body(UnsafePointer(bitPattern: 1).unsafelyUnwrapped) }
            return body(base)
        }
    }
}
