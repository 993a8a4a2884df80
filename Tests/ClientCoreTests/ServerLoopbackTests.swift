// Which server URLs count as loopback (PTY streams are compressed only off loopback).
import ClientCore
import Foundation
import Testing

@Suite struct ServerLoopbackTests {
    static func server(_ url: String) throws -> ServerConfig {
        ServerConfig(name: "s", url: try ServerConfig.parseURL(url, server: "s").get())
    }

    @Test(arguments: [
        ("http://localhost:8080", true), ("http://127.0.0.1:1", true), ("https://127.8.9.10", true),
        ("ws://[::1]:9", true), ("http://dev.localhost:3", true),
        ("http://10.0.0.2:8080", false), ("https://pm.example.com", false), ("http://127.0.0.1.nip.io", false),
        ("http://[2001:db8::1]:80", false), ("http://localhost.example.com", false),
    ])
    func loopbackIsRecognised(url: String, expected: Bool) throws {
        #expect(try Self.server(url).isLoopback == expected, "\(url)")
    }
}
