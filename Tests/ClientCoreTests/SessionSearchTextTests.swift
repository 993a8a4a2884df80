// The `/` filter's kept search text (SessionSearchText, per session in SessionTable): a renamed
// session is found by its new name and no longer by its old one, case folds beyond ASCII, a match
// never spans two fields, and the byte search finds a needle after a false start.

import Foundation
import Testing

@testable import ClientCore

@Suite struct SessionSearchTextTests {
    @Test func theByteSearchFindsWhatStringSearchFinds() {
        let haystack = Array("aaab xyz".utf8)
        #expect(SessionSearchText.contains(haystack, Array("aab".utf8)), "after a false start")
        #expect(SessionSearchText.contains(haystack, Array("xyz".utf8)), "at the end")
        #expect(SessionSearchText.contains(haystack, []), "an empty needle is everywhere")
        #expect(!SessionSearchText.contains(haystack, Array("xyzw".utf8)))
        #expect(!SessionSearchText.contains(Array("ab".utf8), Array("abc".utf8)))
    }

    @Test func theFilterFollowsRenamesFoldsCaseAndKeepsFieldsApart() {
        let key = SessionKey(server: "local", sessionId: "s1")
        var table = SessionTable(servers: ["local"])
        table[key] = AppSession(
            key: key, projectName: "Über", ticketTitle: "Fix Login", paneCommand: "claude", updatedAt: Date())
        #expect(table.matches(key, needle: Array("über".utf8)), "case folds beyond ASCII")
        #expect(table.matches(key, needle: Array("fix login".utf8)))
        #expect(table.matches(key, needle: Array("claude".utf8)), "the pane command is searched")
        #expect(!table.matches(key, needle: Array("loginüber".utf8)), "no match across two fields")
        table[key]?.paneName = "Renamed Pane"
        #expect(table.matches(key, needle: Array("renamed".utf8)), "a changed session is searched as it is now")
        #expect(!table.matches(key, needle: Array("fix login".utf8)), "the old name is gone")
        table.replace(server: "local", with: [])
        #expect(!table.matches(key, needle: Array("renamed".utf8)), "a removed session matches nothing")
    }
}
