import Foundation
import Testing

@testable import ClientCore

@Suite struct ClientConfigFileTests {
    let env = ["HOME": "/home/ann"]

    @Test func parsesServersAndUI() throws {
        let text = """
            [ui]
            detach_key = "^g"
            tile_size = "100x30"
            colour = "256"
            notify = "osc"
            fps = 30

            [server.work]
            url = "https://pm.example.com:8443"
            api_key_file = "~/.config/claudepm/work.key"
            pin_sha256 = "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"

            [[servers]]
            name = "home"
            url = "http://box:4847"
            api_key_env = "HOME_KEY"
            tls = "tofu"
            """
        let config = try ClientConfig.parseFile(text, file: "c.toml", environment: env)
        #expect(config.ui.detachKey.byte == 0x07)
        #expect(config.ui.detachKey.spec == "C-g")
        #expect(config.ui.tileSize == TileSize(cols: 100, rows: 30))
        #expect(config.ui.colourMode == .ansi256)
        #expect(config.ui.notifyMode == .osc)
        #expect(config.ui.frameCap == 30)
        #expect(config.servers.map(\.name) == ["work", "home"])
        let work = try #require(config.server(named: "work"))
        #expect(work.apiKeySource == .file("/home/ann/.config/claudepm/work.key"))
        #expect(work.trust == .pinnedSHA256(String(repeating: "abcdef0123456789", count: 4)))
        #expect(work.webSocketURL.absoluteString == "wss://pm.example.com:8443/")
        #expect(work.httpBaseURL.absoluteString == "https://pm.example.com:8443")
        #expect(work.hostPort == "pm.example.com:8443")
        let home = try #require(config.server(named: "home"))
        #expect(home.apiKeySource == .environment("HOME_KEY"))
        #expect(home.trust == .tofu)
        #expect(home.webSocketURL.absoluteString == "ws://box:4847/")
    }

    @Test func emptyFileKeepsDefaults() throws {
        let config = try ClientConfig.parseFile("# nothing\n", file: "c.toml")
        #expect(config.servers.isEmpty)
        #expect(config.ui == .default)
        #expect(config.ui.detachKey.spec == "C-]")
        #expect(config.ui.tileSize == TileSize(cols: 120, rows: 40))
        #expect(config.ui.frameCap == 75)
        #expect(config.ui.answerGrace == .seconds(1))
    }

    @Test func theAnswerGraceIsSetInMilliseconds() throws {
        let config = try ClientConfig.parseFile("[ui]\nanswer_grace_ms = 2500\n", file: "c.toml")
        #expect(config.ui.answerGrace == .milliseconds(2500))
    }

    @Test(arguments: [
        ("[ui]\ndetach_key = \"C-q\"", "flow control"),
        ("[ui]\ndetach_key = \"C-s\"", "flow control"),
        ("[ui]\ndetach_key = \"x\"", "not a control key"),
        ("[ui]\ntile_size = \"600x40\"", "COLSxROWS"),
        ("[ui]\nfps = 0", "1–240"),
        ("[ui]\nfps = \"60\"", "expected an integer"),
        ("[ui]\nanswer_grace_ms = 60001", "c.toml:2: invalid value for 'answer_grace_ms': 60001 is not within 0–60000"),
        ("[ui]\nnotify = \"loud\"", "off, banner"),
        ("[ui]\nwat = 1", "unknown setting 'wat'"),
        ("[server.a]\nurl = \"ftp://h\"", "not an http"),
        ("[server.a]\nurl = \"http://h\"\napi_key_env = \"A\"\napi_key_file = \"/k\"", "not both"),
        ("[server.a]\nurl = \"http://h\"\ntls = \"tofu\"\nca_file = \"/ca.pem\"", "choose one"),
        ("[server.a]\nurl = \"http://h\"\npin_sha256 = \"abc\"", "64 hex"),
        ("[server.a]\nurl = \"http://h\"\n[[servers]]\nname = \"a\"\nurl = \"http://i\"", "defined twice"),
        ("[server.a]\napi_key_env = \"A\"", "needs a url"),
        ("[colours]\nx = 1", "unknown table"),
    ])
    func rejectsBadValues(text: String, fragment: String) {
        #expect {
            _ = try ClientConfig.parseFile(text, file: "c.toml")
        } throws: { error in
            (error as? ConfigError).map { String(describing: $0).contains(fragment) } ?? false
        }
    }

    @Test func inlineKeysAreRefusedWithoutEchoingThem() {
        let secret = "0123456789abcdef0123456789abcdef-inline"
        #expect {
            _ = try ClientConfig.parseFile("[server.a]\nurl = \"http://h\"\napi_key = \"\(secret)\"\n", file: "c.toml")
        } throws: { error in
            let text = String(describing: error)
            return text.contains("c.toml:3") && text.contains("api_key_file") && !text.contains(secret)
        }
    }

    @Test func errorsNameTheLine() {
        #expect(
            throws: ConfigError.invalidValue(source: "c.toml", line: 3, key: "fps", message: "999 is not within 1–240")
        ) {
            _ = try ClientConfig.parseFile("[ui]\n\nfps = 999\n", file: "c.toml")
        }
    }
}
