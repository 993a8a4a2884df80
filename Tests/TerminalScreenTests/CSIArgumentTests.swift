// libvterm 0.1.4 writes past its argument array (CSI_ARGS_MAX = 16) at the 17th argument of a CSI,
// as each separator arrives: the overflow lands in the parser's own fields (ASan cannot see it)
// and a later write through a clobbered pointer crashes. The input guard must cancel such a CSI
// before libvterm gets its 17th argument, however the bytes are split into feeds and wherever
// an ESC interrupts the CSI (`csi-17-arguments-after-nul-minimal`, libFuzzer `terminal`).

import TestSupport
import Testing

@testable import TerminalScreen

@Suite("CSI argument limit", .ownThread)
struct CSIArgumentTests {
    /// Feeds `pieces` to a new `rows` × `cols` screen on a thread of its own; nil if it hangs.
    static func show(rows: Int, cols: Int, _ pieces: [[UInt8]]) -> FedScreen? {
        FedScreen.feed(rows: rows, cols: cols, pieces)
    }

    static let semicolons15 = [UInt8](repeating: 0x3B, count: 15)
    static let semicolons16 = [UInt8](repeating: 0x3B, count: 16)

    /// The fuzz input's payload: a CSI of 16 arguments cut by the ESC of one of 17, ended by `{`.
    static let interrupted: [UInt8] = [0x1B, 0x5B] + semicolons15 + [0x1B, 0x5B] + semicolons16 + [0x7B, 0x3B, 0xFF]
    /// The smallest CSI that crashed libvterm alone.
    static let seventeen: [UInt8] = [0x1B, 0x5B] + semicolons16 + [UInt8(ascii: "A")]

    static let inputs: [[UInt8]] = [0, 1, 2].flatMap { nuls in
        let prefix = [UInt8](repeating: 0, count: nuls)
        return [prefix + interrupted, prefix + seventeen, [0, 0, 0x30] + interrupted]
    }

    @Test(arguments: [(3, 5), (24, 80), (1, 1)])
    func longCSINeverReachesLibvterm(rows: Int, cols: Int) throws {
        for input in Self.inputs {
            let whole = try #require(Self.show(rows: rows, cols: cols, [input]), "feed did not return")
            #expect(whole.row < rows && whole.col < cols)
            for split in 0...input.count {
                let pieces = Self.show(rows: rows, cols: cols, [Array(input[..<split]), Array(input[split...])])
                #expect(pieces == whole, "\(rows)x\(cols) split at \(split) of \(printable(input))")
            }
        }
    }
}

/// What the guard passes to libvterm, checked against libvterm 0.1.4's parser: no CSI there may
/// get a 17th argument (a write past `args`) or be dispatched with more than 16.
@Suite("CSI argument limit in the guard's output", .ownThread)
struct GuardOutputArgumentTests {
    /// The bytes `feeds` make the sanitizer and the guard write to libvterm, in order.
    static func written(_ feeds: [[UInt8]]) -> [UInt8] {
        var sanitizer = UTF8Sanitizer()
        var inputGuard = InputGuard(clusters: ClusterTable())
        var output: [UInt8] = []
        for feed in feeds {
            feed.withUnsafeBytes { bytes in
                sanitizer.process(bytes) { piece in
                    inputGuard.process(
                        piece, columns: 5, cursor: { (0, 0) }, isErased: { _ in false }, currentFont: { 0 },
                        cursorRestored: {}, write: { output += $0 })
                }
            }
        }
        return output
    }

    /// Where in `bytes` libvterm 0.1.4's parser (parser.c, reduced to what moves CSI state) would
    /// count a 17th CSI argument, if anywhere. An ESC followed by `[` always counts as a CSI start,
    /// which errs on the safe side.
    static func seventeenthArgument(in bytes: [UInt8]) -> Int? {
        enum State { case normal, csiLeader, csiArgs, csiIntermed, string }
        var state = State.normal
        var inEscape = false
        var intermediates = 0
        var argi = 0
        for (index, byte) in bytes.enumerated() {
            var c = byte
            switch c {
            case 0x00, 0x7F: continue
            case 0x18, 0x1A:
                inEscape = false
                state = .normal
                continue
            case 0x1B:
                intermediates = 0
                if state != .string { state = .normal }
                inEscape = true
                continue
            case 0x07 where state == .string:
                state = .normal
                continue
            case 0x00..<0x20: continue
            default: break
            }
            var isC1 = false
            if inEscape {
                if c == UInt8(ascii: "[")
                    || (intermediates == 0 && (0x40..<0x60).contains(c) && (state != .string || c == 0x5C))
                {
                    c += 0x40
                    isC1 = true
                    inEscape = false
                } else {
                    state = .normal
                }
            }
            if state == .csiLeader {
                if (0x3C...0x3F).contains(c) { continue }
                argi = 0
                state = .csiArgs
            }
            if state == .csiArgs {
                if (0x30...0x39).contains(c) { continue }
                if c == UInt8(ascii: ";") || c == UInt8(ascii: ":") {
                    argi += 1
                    if argi >= InputGuard.maxVTermArguments { return index }
                    continue
                }
                argi += 1
                state = .csiIntermed
            }
            switch state {
            case .csiIntermed:
                if (0x20...0x2F).contains(c) { continue }
                if (0x40...0x7E).contains(c), argi > InputGuard.maxVTermArguments { return index }
                state = .normal
            case .string:
                if c == 0x9C && isC1 { state = .normal }
            case .normal where inEscape:
                if (0x20...0x2F).contains(c) {
                    intermediates += 1
                } else if (0x30...0x7E).contains(c) {
                    inEscape = false
                }
            case .normal where isC1:
                switch c {
                case 0x9B: state = .csiLeader
                case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .string
                default: break
                }
            default: break
            }
        }
        return nil
    }

    @Test func modelSeesTheOverflow() {
        #expect(Self.seventeenthArgument(in: CSIArgumentTests.seventeen) == 17)
        #expect(Self.seventeenthArgument(in: [0x1B, 0x5B] + CSIArgumentTests.semicolons15 + [0x41]) == nil)
    }

    @Test func fuzzInputSplitAnywhere() {
        for input in CSIArgumentTests.inputs {
            for split in 0...input.count {
                let output = Self.written([Array(input[..<split]), Array(input[split...])])
                #expect(Self.seventeenthArgument(in: output) == nil, "split at \(split) of \(printable(input))")
            }
        }
    }

    /// Random streams of separators, ESCs, finals, strings and ill-formed bytes, cut into feeds
    /// at random points. A long SGR still reaches libvterm, split.
    @Test func randomStreams() {
        let alphabet: [UInt8] =
            Array(";;;;;;;;:1[[\u{1B}\u{1B}\u{1B}mA{?$]\\P\u{7}\u{18}x".utf8) + [0x00, 0xFF, 0x9B, 0xC3]
        var generator = SeededGenerator(state: 0x17)
        for _ in 0..<3000 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                // Runs of separators near the limit, or single bytes.
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    input += [UInt8](repeating: 0x3B, count: Int.random(in: 12...18, using: &generator))
                } else {
                    input.append(alphabet.randomElement(using: &generator)!)
                }
            }
            let length = input.count
            var cuts = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                Int.random(in: 0...length, using: &generator)
            }
            cuts = [0] + cuts.sorted() + [length]
            let feeds = zip(cuts, cuts.dropFirst()).map { Array(input[$0..<$1]) }
            let output = Self.written(feeds)
            #expect(Self.seventeenthArgument(in: output) == nil, "\(feeds.map(printable))")
        }
        let sgr = Array("\(esc)[38;2;1;2;3;48;2;4;5;6;58;2;7;8;9;1;3;4mx".utf8)
        let screen = makeScreen(rows: 1, cols: 3, String(decoding: sgr, as: UTF8.self))
        #expect(screen.cell(row: 0, col: 0).text == "x")
        #expect(screen.cell(row: 0, col: 0).fg == .rgb(1, 2, 3))
        #expect(screen.cell(row: 0, col: 0).bg == .rgb(4, 5, 6))
        #expect(Self.seventeenthArgument(in: Self.written([sgr])) == nil)
    }
}
