// The DEC 2026 byte scan, including sequences split at every possible chunk boundary.

import Testing

@testable import TerminalScreen

@Suite("Synchronized output detector")
struct SyncOutputDetectorTests {
    private func scan(_ detector: inout SyncOutputDetector, _ text: String) {
        Array(text.utf8).withUnsafeBytes { detector.scan($0) }
    }

    @Test func detectsSetAndReset() {
        var detector = SyncOutputDetector()
        scan(&detector, "abc\u{1B}[?2026hxyz")
        #expect(detector.isActive)
        scan(&detector, "\u{1B}[?2026l")
        #expect(!detector.isActive)
    }

    @Test func ignoresOtherModes() {
        var detector = SyncOutputDetector()
        scan(&detector, "\u{1B}[?2025h\u{1B}[?1049h\u{1B}[?2026x")
        #expect(!detector.isActive)
    }

    @Test func detectsAcrossEverySplitPoint() {
        let bytes = Array("ab\u{1B}[?2026hcd".utf8)
        for split in 0...bytes.count {
            var detector = SyncOutputDetector()
            bytes[..<split].withUnsafeBytes { detector.scan($0) }
            bytes[split...].withUnsafeBytes { detector.scan($0) }
            #expect(detector.isActive, "split at \(split)")
        }
    }

    @Test func detectsAcrossByteByByteFeeds() {
        var detector = SyncOutputDetector()
        for byte in Array("\u{1B}[?2026h".utf8) { [byte].withUnsafeBytes { detector.scan($0) } }
        #expect(detector.isActive)
    }
}
