// Progress lines go to stderr so stdout stays the table.
import Foundation

/// Writes to standard error.
enum FileHandleStderr {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
