// FrameBatcher: many small writes while a frame is drawn reach the terminal as one write. The
// "terminal" here is a SOCK_SEQPACKET socket pair, which keeps write boundaries, so the number
// of packets received is the number of writes the terminal saw.
import Testing

@testable import TUI

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FrameBatcherTests {
    /// A socket pair: [drawing side, terminal side].
    static func packetPair() throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &fds) == 0)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        return fds
    }

    static func packets(_ fd: Int32) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return packets }
            packets.append(Array(buffer[0..<count]))
        }
    }

    static func drawLines(_ fd: Int32, count: Int) {
        for line in 0..<count {
            let text = Array("line \(line)\r\n".utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
    }

    @Test func smallWritesOfOneFrameArriveAsOneWrite() throws {
        let fds = try Self.packetPair()
        defer { fds.forEach { close($0) } }
        let batcher = try #require(FrameBatcher(outputFD: fds[0]))
        batcher.frame(estimatedBytes: 4096) { Self.drawLines(fds[0], count: 50) }
        let packets = Self.packets(fds[1])
        #expect(packets.count == 1, "the terminal saw \(packets.count) writes")
        let expected = (0..<50).map { "line \($0)\r\n" }.joined()
        #expect(packets.first.map { String(decoding: $0, as: UTF8.self) } == expected)
        #expect(batcher.batchedFrames == 1)
        Self.drawLines(fds[0], count: 3)
        #expect(Self.packets(fds[1]).count == 3, "after the frame the descriptor is the terminal again")
    }

    @Test func aFrameTooBigForThePipeIsDrawnStraight() throws {
        let fds = try Self.packetPair()
        defer { fds.forEach { close($0) } }
        let batcher = try #require(FrameBatcher(outputFD: fds[0]))
        batcher.frame(estimatedBytes: batcher.capacity) { Self.drawLines(fds[0], count: 5) }
        #expect(Self.packets(fds[1]).count == 5)
        #expect(batcher.directFrames == 1 && batcher.batchedFrames == 0)
    }
}
