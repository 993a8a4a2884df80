// The one rewrite the services' SQL needs for PostgreSQL: SQLite's `?` placeholders become `$1`,
// `$2`, … in order. Question marks inside string literals, quoted identifiers and comments are
// left alone (the services write none, but a literal must never be renumbered).
import Foundation

/// Translates `?` placeholders to PostgreSQL's numbered ones.
enum PostgresPlaceholders {
    /// `sql` with its n-th `?` (outside literals, quoted names and comments) replaced by `$n`.
    static func translate(_ sql: String) -> String {
        guard sql.contains("?") else { return sql }
        let bytes = Array(sql.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var number = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                // A literal or quoted name runs to the next unpaired quote ('' and "" escape one).
                let end = closingQuote(bytes, from: i + 1, quote: byte)
                out += bytes[i..<end]
                i = end
            case UInt8(ascii: "-") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "-"):
                let end = bytes[i...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                out += bytes[i..<end]
                i = end
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                var end = i + 2
                while end < bytes.count
                    && !(bytes[end] == UInt8(ascii: "*") && end + 1 < bytes.count
                        && bytes[end + 1] == UInt8(ascii: "/"))
                {
                    end += 1
                }
                end = min(end + 2, bytes.count)
                out += bytes[i..<end]
                i = end
            case UInt8(ascii: "?"):
                number += 1
                out += Array("$\(number)".utf8)
                i += 1
            default:
                out.append(byte)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The index just past the quote that closes one opened before `start`.
    private static func closingQuote(_ bytes: [UInt8], from start: Int, quote: UInt8) -> Int {
        var j = start
        while j < bytes.count {
            if bytes[j] == quote {
                if j + 1 < bytes.count && bytes[j + 1] == quote {
                    j += 2
                    continue
                }
                return j + 1
            }
            j += 1
        }
        return bytes.count
    }
}
