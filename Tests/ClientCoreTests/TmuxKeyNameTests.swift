// The words `claudepm send --keys` accepts as tmux keys, and the words it refuses because tmux
// would type them as text (a typo such as `Escpe`) or send nothing. The same rules are checked
// against a real tmux in ClientNetworkTests (`CLISendKeysTests`).

import ClientCore
import Testing

@Suite struct TmuxKeyNameTests {
    @Test(arguments: [
        "Enter", "escape", "ESCAPE", "Tab", "BTab", "Space", "BSpace", "Up", "PgDn", "PageUp", "NPage", "IC", "Insert",
        "DC", "Delete", "Home", "End", "F1", "F12", "KP0", "KP/", "KPEnter", "a", "Z", "1", ":", "é", "-", "^",
        "C-c", "c-c", "^c", "C-M-a", "C-Space", "^Space", "C-?", "C-@", "C-[", "C--", "C-é", "M-x", "M-Enter",
        "M-KP5", "M-1", "M-~", "S-Up", "S-F1", "S-Home", "C-S-F5", "M-S-Left", "C-M-Up", "S-é", "0x1b", "0x41",
    ])
    func keysTmuxTakes(word: String) {
        #expect(TmuxKeyName.isKey(word))
    }

    @Test(arguments: [
        "Escpe", "Entr", "F13", "None", "Any", "User0", "MouseDown1Pane", "S-a", "S-1", "S-Tab", "S-Space",
        "S-Enter", "S-KP1", "C-S-a", "M-S-a", "C-Escape", "C-Enter", "C-Tab", "C-BSpace", "C-KP1", "C-1", "C-:",
        "C-~", "C-M--", "C-M-1", "C-M-Tab", "^Tab", "^1", "0x", "0xzz", "0x1000000", "C-", "a-b", "--", "X-a",
        "hello",
    ])
    func wordsTmuxWouldTypeOrDropAreRefused(word: String) {
        #expect(!TmuxKeyName.isKey(word))
    }

    @Test func theUnknownWordsOfAKeyStringAreNamed() {
        #expect(TmuxKeyName.unknown(in: "Escape : w q Enter").isEmpty)
        #expect(TmuxKeyName.unknown(in: "C-c Escpe : wq Enter") == ["Escpe", "wq"])
    }

    @Test func aTypoGetsASuggestion() {
        #expect(TmuxKeyName.suggestion(for: "Escpe") == "Escape")
        #expect(TmuxKeyName.suggestion(for: "M-Entr") == "M-Enter")
        #expect(TmuxKeyName.suggestion(for: "pgdwn") == "PgDn")
        #expect(TmuxKeyName.suggestion(for: "S-a") == nil, "no guess for a short word")
        #expect(TmuxKeyName.suggestion(for: "C-Entr") == nil, "C-Enter is no key either")
        #expect(TmuxKeyName.suggestion(for: "hello") == nil)
    }
}
