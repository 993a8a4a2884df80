// `--detach-key` (documented in docs/keys.md) exists and is validated like the config key.
import Foundation
import Testing

@Suite struct DetachKeyFlagTests {
    @Test func theFlagIsAcceptedAndValidated() async throws {
        let home = try TempDirectory()
        let refused = try await CLIRunner.run(
            ["servers", "--detach-key", "C-q", "--url", "http://127.0.0.1:9"], home: home.path)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--detach-key") && refused.stderr.contains("C-q"))
        let accepted = try await CLIRunner.run(
            ["servers", "--detach-key", "C-g", "--url", "http://127.0.0.1:9"], home: home.path)
        #expect(!accepted.stderr.contains("detach"), "\(accepted.stderr)")
    }
}
