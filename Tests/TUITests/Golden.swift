// Golden frames: a rendered frame is compared with Tests/TUITests/Golden/<name>.txt.
// Run with UPDATE_GOLDEN=1 to (re)write the files, then review them by eye.

import Foundation
import Testing

enum Golden {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// Compares `text` with the golden file `name`, or rewrites it when UPDATE_GOLDEN=1.
    static func check(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent("\(name).txt")
        let framed = frame(text)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try framed.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name).txt; run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(framed == expected, "frame \(name) differs from its golden file", sourceLocation: sourceLocation)
        if framed != expected { print("---- \(name) actual ----\n\(framed)") }
    }

    /// Lines fenced with `|` so trailing spaces and empty rows stay visible in review.
    private static func frame(_ text: String) -> String {
        text.components(separatedBy: "\n").map { "|\($0)" }.joined(separator: "\n") + "\n"
    }
}
