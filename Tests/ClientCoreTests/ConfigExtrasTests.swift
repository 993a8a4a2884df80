import ClientCore
import Foundation
import TestSupport
import Testing

@Suite struct ConfigExtrasTests {
    @Test func exampleFileParses() throws {
        let config = try ClientConfig.parseFile(
            ClientConfig.exampleFileText, file: "example", environment: ["HOME": "/h"])
        #expect(config.servers.map(\.name) == ["local", "work"])
        #expect(config.server(named: "work")?.apiKeySource == .file("/h/.config/claudepm/work.key"))
        #expect(config.server(named: "work")?.trust == .tofu)
        #expect(config.ui == .default)
    }

    @Test func urlsWithoutSchemeOrWithAPathPrefix() throws {
        let bare = try ServerConfig.parseURL("box:4847", server: "x").get()
        #expect(bare.absoluteString == "http://box:4847")
        let proxied = ServerConfig(
            name: "p", url: try ServerConfig.parseURL("https://h.example/pm/", server: "p").get())
        #expect(proxied.httpBaseURL.absoluteString == "https://h.example/pm")
        #expect(proxied.webSocketURL.absoluteString == "wss://h.example/pm/")
        #expect(proxied.hostPort == "h.example:443")
        let wsOnly = ServerConfig(name: "w", url: try ServerConfig.parseURL("ws://h:1", server: "w").get())
        #expect(wsOnly.httpBaseURL.absoluteString == "http://h:1")
        #expect(ServerConfig.localDefault.webSocketURL.absoluteString == "ws://localhost:4847/")
    }

    @Test func urlsCarryingKeysAreRefusedWithoutEchoingThem() {
        let secret = "0123456789abcdef0123456789abcdef-url"
        for text in [
            "http://h:1/?apiKey=\(secret)", "https://user:\(secret)@h", "http://h/#\(secret)", "ftp://h/?k=\(secret)",
        ] {
            let result = ServerConfig.parseURL(text, server: "s")
            #expect(throws: ConfigError.self) { try result.get() }
            if case .failure(let error) = result {
                #expect(!error.description.contains(secret), "\(error)")
            }
        }
    }

    @Test func windowsLineEndingsParse() throws {
        let text = "[ui]\r\nfps = 30 # c\r\n\r\n[server.a]\r\nurl = \"http://a:1\"\r\n"
        let config = try ClientConfig.parseFile(text, file: "crlf")
        #expect(config.ui.frameCap == 30)
        #expect(config.servers.first?.url.absoluteString == "http://a:1")
    }

    @Test func predictionSettingsParseAndAreChecked() throws {
        let config = try ClientConfig.parseFile("[ui]\nprediction = \"on\"\nprediction_threshold_ms = 80\n", file: "p")
        #expect(config.ui.prediction == PredictionSettings(mode: .on, threshold: .milliseconds(80)))
        #expect(UIOptions.default.prediction == PredictionSettings(mode: .auto, threshold: .milliseconds(30)))
        #expect(throws: ConfigError.self) { try ClientConfig.parseFile("[ui]\nprediction = \"maybe\"\n", file: "p") }
        #expect(throws: ConfigError.self) {
            try ClientConfig.parseFile("[ui]\nprediction_threshold_ms = -5\n", file: "p")
        }
    }

    @Test func parserNeverCrashesOnGarbage() {
        var jitter = SeededJitter(seed: 7)
        let alphabet = Array("[]=\"'\\#.,\n\r\t abcxyz019_-{}tfrue".unicodeScalars) + ["é", "\u{0}", "🙂"]
        for _ in 0..<2_000 {
            let length = Int(jitter.nextUnit() * 60)
            var text = ""
            for _ in 0..<length {
                text.unicodeScalars.append(alphabet[Int(jitter.nextUnit() * Double(alphabet.count))])
            }
            do {
                _ = try TOMLDocument.parse(text, file: "fuzz")
            } catch {
                if case .syntax(_, let line, _) = error {
                    let lines = text.unicodeScalars.filter { $0 == "\n" }.count + 1
                    #expect(line >= 1 && line <= lines, "line \(line) of \(lines) for \(text.debugDescription)")
                }
            }
        }
    }

    @Test func statusSummaries() {
        let now = MonotonicTime.seconds(10)
        #expect(
            ConnectionStatus.reconnecting(attempt: 3, retryAt: now + .milliseconds(7_200)).summary(now: now)
                == "reconnecting in 8 s (attempt 3)")
        #expect(ConnectionStatus.connecting(attempt: 0).summary(now: now) == "connecting…")
        #expect(ConnectionStatus.authFailed(message: "x").summary(now: now) == "API key rejected")
        #expect(ConnectionStatus.connected.isStale == false)
        #expect(ConnectionStatus.offline.isStale)
        #expect(
            PTYStatus.reconnecting(attempt: 2, maxAttempts: 10, retryAt: now + .seconds(2)).summary(now: now)
                == "reconnecting 2/10 in 2 s")
        #expect(RoundTrip(last: .milliseconds(40), smoothed: .microseconds(41_600)).summary == "42 ms")
    }
}
