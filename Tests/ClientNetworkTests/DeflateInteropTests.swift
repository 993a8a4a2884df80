// A DirectLink's permessage-deflate against a server that is not ours: Python's `websockets`
// (Debian's python3-websockets, as Scripts/bootstrap installs it), whose server offers
// permessage-deflate with its own parameters (a 12-bit server window by default). The link
// negotiates it, the server understands what the client compressed, and the client inflates
// what the server compressed, over several messages (context carried across them).
import ClientCore
import Foundation
import NIOPosix
import Synchronization
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: PythonWebSockets.isAvailable, "needs /usr/bin/python3 with websockets"))
struct DeflateInteropTests {
    @Test func aLinkToPythonWebsocketsDeflatesBothWays() async throws {
        let server = try PythonWebSockets.start()
        defer { server.terminate() }
        let port = try #require(PythonWebSockets.port(of: server), "the Python server did not say its port")
        let heard = Mutex<[String]>([])
        let writer = Mutex<LinkWriter?>(nil)
        let closed = Mutex<LinkClose?>(nil)
        let events = DirectLink.Events(
            opened: { link in writer.withLock { $0 = link } },
            message: { message in heard.withLock { $0.append(message.text) } },
            closed: { close in closed.withLock { $0 = close } })
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let handle = DirectLink.start(
            server: ServerConfig(name: "python", url: url), apiKey: nil, tls: nil,
            loop: MultiThreadedEventLoopGroup.singleton.next(), compress: true, events: events)
        defer { handle.cancel() }
        #expect(
            await eventually { writer.withLock { $0 } != nil },
            "never opened: \(String(describing: closed.withLock { $0 }))")
        let link = try #require(writer.withLock { $0 })
        let long = (0..<60).map { "line \($0): the quick brown fox jumps over the lazy dog" }.joined(separator: "\n")
        let messages = ["extensions?", long, "short", long + "!", long]
        for message in messages { try await link.send(message) }
        #expect(await eventually { heard.withLock { $0 }.count == messages.count }, "\(heard.withLock { $0 })")
        let replies = heard.withLock { $0 }
        #expect(replies.first == "permessage-deflate", "the server negotiated: \(replies.first ?? "nothing")")
        #expect(Array(replies.dropFirst()) == messages.dropFirst().map { "echo \($0.count): \($0)" })
    }
}

/// A Python `websockets` echo server on a free loopback port.
enum PythonWebSockets {
    static let python = PythonWebSocketsProbe.python

    /// Echoes each message as `echo <length>: <message>` (compressed when long, by the library);
    /// `extensions?` is answered with the negotiated extensions' names.
    static let script = """
        import asyncio, sys, websockets
        async def handler(ws, path=None):
            async for message in ws:
                if message == "extensions?":
                    await ws.send(",".join(e.name for e in ws.extensions))
                else:
                    await ws.send(f"echo {len(message)}: {message}")
        async def main():
            async with websockets.serve(handler, "127.0.0.1", 0, max_size=None) as server:
                print(server.sockets[0].getsockname()[1], flush=True)
                await asyncio.Future()
        asyncio.run(main())
        """

    static var isAvailable: Bool { PythonWebSocketsProbe.isInstalled }

    static func start() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        process.standardOutput = Pipe()
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The port the server printed on its first line (nil if it ended first).
    static func port(of process: Process) -> Int? {
        guard let pipe = process.standardOutput as? Pipe else { return nil }
        var line = Data()
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        return Int(String(decoding: line, as: UTF8.self))
    }
}
