// `claudepm send --keys` refuses what tmux would not take as a key (exit 64, naming the word and
// listing the forms it takes) before anything is sent; and what TmuxKeyName accepts is a key to
// the real tmux: sent with `send-keys`, it is never typed as its own text and sends something.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@Suite struct CLISendKeysTests {
    @Test func anUnknownKeyNameExits64ListsTheFormsAndSendsNothing() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        let prefix = String(fixture.sessionId.prefix(8))
        let url = fixture.server.url.absoluteString
        let typo = try await CLIRunner.run(["send", prefix, "--keys", "Escpe", "--url", url], home: home.path)
        #expect(typo.status == 64, "\(typo.stderr)")
        #expect(typo.stderr.contains("unknown key name 'Escpe' (did you mean Escape?); nothing was sent."))
        #expect(typo.stderr.contains("--keys takes tmux key names separated by spaces:"))
        #expect(typo.stderr.contains("C- (Ctrl) or ^ before a letter"), "the valid forms are listed")
        let two = try await CLIRunner.run(
            ["send", prefix, "--keys", "C-c", "S-a", "F13", "--url", url], home: home.path)
        #expect(two.status == 64)
        #expect(two.stderr.contains("unknown key names 'S-a', 'F13'; nothing was sent."), "\(two.stderr)")
        // Something valid goes through, and after it the pane shows no trace of the refused words.
        let marker = "keys-ok-\(UInt32.random(in: 0...UInt32.max))"
        let text = try await CLIRunner.run(["send", prefix, "echo", marker, "--url", url], home: home.path)
        #expect(text.status == 0, "\(text.stderr)")
        let enter = try await CLIRunner.run(["send", prefix, "--keys", "C-l", "Enter", "--url", url], home: home.path)
        #expect(enter.status == 0, "\(enter.stderr)")
        let rest = fixture.rest
        let id = fixture.sessionId
        var lines: [String] = []
        let seen = await eventually {
            let output = try? await rest.decode(
                OutputResponse.self, "GET", "/api/sessions/\(id)/output", query: [("lines", "200")], resource: "output")
            lines = output?.lines ?? []
            return lines.contains { $0.contains(marker) }
        }
        #expect(seen, "the valid send did not arrive")
        #expect(!lines.contains { $0.contains("Escpe") || $0.contains("S-a") || $0.contains("F13") }, "\(lines)")
    }

    /// Every modifier with every key name and a set of characters, sent to a real tmux whose pane
    /// records the raw bytes it receives: a word TmuxKeyName accepts is a key (bytes that are not
    /// the word itself), a word it refuses would have been typed as text or sent nothing.
    @Test(.ownThread) func whatTheValidatorAcceptsIsAKeyToTmux() async throws {
        let directory = try TempDirectory()
        let socket = "claudepm-keys-\(UInt32.random(in: 0...UInt32.max))"
        TmuxSweep.killAtExit(socket: socket)
        defer { _ = TmuxSweep.killAll(socket: socket) }
        let file = directory.path + "/bytes"
        let command = "stty raw -echo; exec cat > \(file)"
        #expect(ChildWait.tmux(socket: socket, ["new-session", "-d", "-s", "k", "-x", "80", "-y", "24", command]) == 0)
        // The shell creates the file for cat's output only after stty returned: the pane is raw.
        #expect(await eventually { FileManager.default.fileExists(atPath: file) })
        let modifiers = ["", "C-", "M-", "S-", "C-M-", "C-S-", "M-S-", "^"]
        let bases = TmuxKeyName.names + ["F13", "None", "MouseDown1Pane"] + "aZ1:?@[~-^!#'é".map(String.init)
        let words = modifiers.flatMap { modifier in bases.map { modifier + $0 } } + ["0x1b", "0x41", "0x", "0xzz"]
        // In batches: one tmux command line for all of them is "command too long".
        for batch in stride(from: 0, to: words.count, by: 40) {
            var argv: [String] = []
            for index in batch..<min(batch + 40, words.count) {
                argv += [
                    "send-keys", "-t", "k", "-l", Self.marker(index), ";", "send-keys", "-t", "k", words[index], ";",
                ]
            }
            argv.removeLast()
            #expect(ChildWait.tmux(socket: socket, argv) == 0)
        }
        #expect(ChildWait.tmux(socket: socket, ["send-keys", "-t", "k", "-l", Self.marker(words.count)]) == 0)
        var bytes = Data()
        #expect(
            await eventually {
                bytes = FileManager.default.contents(atPath: file) ?? Data()
                return bytes.range(of: Data(Self.marker(words.count).utf8)) != nil
            })
        for (index, word) in words.enumerated() {
            let sent = Self.segment(bytes, index)
            let typedAsText = sent == Array(word.utf8)
            if TmuxKeyName.isKey(word) {
                #expect(!sent.isEmpty, "\(word) sent nothing")
                #expect(!typedAsText || word.count == 1, "\(word) was typed as text")
            } else {
                #expect(sent.isEmpty || typedAsText, "\(word) is a key to tmux: \(sent)")
            }
        }
    }

    /// A marker no key's bytes contain.
    static func marker(_ index: Int) -> String { "⟦\(index)⟧" }

    /// The bytes between marker `index` and the next one.
    static func segment(_ data: Data, _ index: Int) -> [UInt8] {
        guard let start = data.range(of: Data(marker(index).utf8)),
            let end = data.range(of: Data(marker(index + 1).utf8), in: start.upperBound..<data.endIndex)
        else { return [] }
        return Array(data[start.upperBound..<end.lowerBound])
    }
}
