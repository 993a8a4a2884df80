import ClientCore
import Foundation
import Testing

@Suite struct AppKeymapTests {
    static var docsURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/keys.md")
    }

    @Test func docsKeysMatchesTheKeymaps() throws {
        let generated = Keymap.markdown()
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try generated.write(to: Self.docsURL, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.docsURL, encoding: .utf8)
        #expect(committed == generated, "docs/keys.md is stale; run the tests with UPDATE_GOLDEN=1")
    }

    @Test(arguments: [[KeyView.sessions, .global], [.board, .global], [.banner, .sessions, .global]])
    func noSequenceIsBoundTwiceInOneView(views: [KeyView]) {
        var seen: [[AppKey]: AppAction] = [:]
        for view in views {
            for binding in Keymap.bindings(view) {
                for sequence in binding.sequences {
                    if let earlier = seen[sequence], views.first == view {
                        Issue.record("\(sequence) bound to \(earlier) and \(binding.action)")
                    }
                    seen[sequence] = seen[sequence] ?? binding.action
                }
            }
        }
        #expect(!seen.isEmpty)
    }

    @Test func lookupFindsPrefixesAndActions() {
        #expect(Keymap.lookup(.char("g"), pending: nil, in: [.sessions, .global]) == .prefix)
        #expect(Keymap.lookup(.char("s"), pending: .char("g"), in: [.sessions, .global]) == .action(.goSessions))
        #expect(Keymap.lookup(.char("j"), pending: nil, in: [.sessions]) == .action(.down))
        #expect(Keymap.lookup(.char("Q"), pending: nil, in: [.sessions, .global]) == .none)
    }
}
