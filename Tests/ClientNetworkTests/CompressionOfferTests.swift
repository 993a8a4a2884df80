// Links offer permessage-deflate only off loopback, event sockets and terminal streams alike:
// over a real link the JSON shrinks about tenfold, on loopback compression is CPU for nothing.
import ClientCore
import ClientNetwork
import Testing

@Suite struct CompressionOfferTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", false), ("http://localhost:3000", false), ("ws://[::1]:9", false),
        ("http://10.0.0.2:8080", true), ("https://pm.example.com", true),
    ])
    func compressionIsOfferedOnlyOffLoopback(url: String, offered: Bool) throws {
        let server = ServerConfig(name: "s", url: try ServerConfig.parseURL(url, server: "s").get())
        #expect(WebSocketLink.offersCompression(to: server) == offered, "\(url)")
    }
}
