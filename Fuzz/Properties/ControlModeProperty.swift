// tmux control-mode output: the parser gives the same events however the stream is split into
// reads (whole, at two chosen points, byte by byte), and no reply line holds a newline.
import ServerCore

/// The property checked by the `control-mode` fuzz target.
public enum ControlModeProperty {
    /// Nil when the property holds for `bytes`, else what failed. Bytes 0 and 1 pick split points.
    public static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let first = Int(input.byte())
        let second = Int(input.byte())
        let stream = input.rest
        var whole = ControlModeParser()
        let expected = whole.feed(stream)
        for event in expected {
            if case .reply(let reply) = event, reply.lines.contains(where: { $0.contains(0x0A) }) {
                return "a reply line holds a newline"
            }
        }
        let a = stream.isEmpty ? 0 : first * stream.count / 256
        let b = max(a, stream.isEmpty ? 0 : second * stream.count / 256)
        var split = ControlModeParser()
        let pieces =
            split.feed(Array(stream[..<a])) + split.feed(Array(stream[a..<b])) + split.feed(Array(stream[b...]))
        if pieces != expected { return "split at \(a) and \(b) changed the events" }
        if stream.count <= 512 {
            var single = ControlModeParser()
            let perByte = stream.flatMap { single.feed([$0]) }
            if perByte != expected { return "feeding byte by byte changed the events" }
        }
        return nil
    }
}
