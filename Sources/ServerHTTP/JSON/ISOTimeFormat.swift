// Date formatting for the wire (delegates to ServerCore's ISOTime).
import Foundation
import ServerCore

/// `toISOString()`-style dates.
enum ISOTimeFormat {
    static func string(_ date: Date) -> String { ISOTime.string(date) }
}
