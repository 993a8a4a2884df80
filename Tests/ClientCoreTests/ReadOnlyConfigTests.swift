// The read-only setting: `read_only = true` in a server's table, or `--read-only` for every server.

import ClientCore
import Foundation
import Testing

@Suite struct ReadOnlyConfigTests {
    static let file = """
        [server.watched]
        url = "http://box:4847"
        read_only = true

        [server.steered]
        url = "http://other:4847"
        read_only = false

        [[servers]]
        name = "plain"
        url = "http://third:4847"
        """

    @Test func theServerKeySaysWhichServersAreReadOnly() throws {
        let config = try ClientConfig.parseFile(Self.file, file: "c.toml")
        #expect(config.servers.map(\.name) == ["watched", "steered", "plain"])
        #expect(config.servers.map(\.readOnly) == [true, false, false])
        let array = try ClientConfig.parseFile(
            "[[servers]]\nname = \"a\"\nurl = \"http://a:1\"\nread_only = true\n", file: "c.toml")
        #expect(array.servers.first?.readOnly == true, "also in [[servers]]")
    }

    @Test func aValueThatIsNotABooleanIsAnErrorWithItsLine() {
        let text = "[server.x]\nurl = \"http://x:1\"\nread_only = \"yes\"\n"
        #expect {
            _ = try ClientConfig.parseFile(text, file: "c.toml")
        } throws: { error in
            "\(error)".contains("c.toml:3") && "\(error)".contains("read_only")
                && "\(error)".contains("true or false")
        }
    }

    @Test func theFlagMakesEveryServerReadOnly() throws {
        let flags = ConfigFlags(readOnly: true)
        let all = try ClientConfig.resolve(fileText: Self.file, environment: [:], flags: flags)
        #expect(all.servers.map(\.readOnly) == [true, true, true])
        let unflagged = try ClientConfig.resolve(fileText: Self.file, environment: [:], flags: ConfigFlags())
        #expect(unflagged.servers.map(\.readOnly) == [true, false, false])
        let defaultServer = try ClientConfig.resolve(fileText: nil, environment: [:], flags: flags)
        #expect(defaultServer.servers.map(\.readOnly) == [true], "also the default server")
        let oneOff = try ClientConfig.resolve(
            fileText: nil, environment: [:], flags: ConfigFlags(url: "http://h:2", readOnly: true))
        #expect(oneOff.servers.map(\.readOnly) == [true], "and a --url server")
    }
}
