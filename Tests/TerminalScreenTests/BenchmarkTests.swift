// Throughput measurements for docs/terminal.md. Off unless CLAUDEPM_BENCH is set, and meant for a
// release build:
//   CLAUDEPM_BENCH=1 CLAUDEPM_SLICE=pure swift test -c release -Xswiftc -enable-testing \
//     --scratch-path .build-pure-release --filter TerminalScreenBenchmark
// They print numbers and check the screen still holds sane content; they never gate on time.

import Foundation
import Testing

@testable import TerminalScreen

@Suite("TerminalScreen benchmark", .enabled(if: ProcessInfo.processInfo.environment["CLAUDEPM_BENCH"] != nil))
struct TerminalScreenBenchmark {
    /// About `megabytes` MB of typical program output: coloured log lines, CJK, emoji, cursor
    /// movement, erases and scrolling.
    static func mixedANSI(megabytes: Int) -> [UInt8] {
        let lines = [
            "\u{1B}[1;32m✔\u{1B}[0m test passed: \u{1B}[36mTerminalScreenTests.ScreenTextTests\u{1B}[0m (0.002 s)\r\n",
            "\u{1B}[38;5;202mwarning\u{1B}[39m: 漢字とかなの混じった行 😀 e\u{301} \u{1B}[4munderlined\u{1B}[24m\r\n",
            "\u{1B}[38;2;10;200;30m\u{1B}[48;2;0;0;60mtruecolor text on a dark background\u{1B}[m\u{1B}[K\r\n",
            "plain ascii output of a build log line that is fairly long, like compiler output tends to be\r\n",
            "\u{1B}[2A\u{1B}[10G\u{1B}[7mstatus\u{1B}[27m\u{1B}[2B\r\u{1B}[2K[##########          ] 50%\r\n",
        ]
        let chunk = Array(lines.joined().utf8)
        var result: [UInt8] = []
        result.reserveCapacity(megabytes << 20)
        while result.count < megabytes << 20 { result += chunk }
        return result
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test func feedThroughput() {
        let data = Self.mixedANSI(megabytes: 10)
        let megabytes = Double(data.count) / 1_048_576
        let screen = TerminalScreen(rows: 50, cols: 200)
        let feedTime = Self.seconds {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let end = min(offset + 65_536, raw.count)
                    screen.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    _ = screen.takeDamage()
                    offset = end
                }
            }
        }
        let raw = TerminalScreen(rows: 50, cols: 200)
        let rawTime = Self.seconds { data.withUnsafeBytes { TerminalScreen.write($0, to: raw.vt) } }
        print(
            "feed: \(String(format: "%.1f", megabytes)) MB in \(String(format: "%.3f", feedTime)) s = "
                + "\(String(format: "%.1f", megabytes / feedTime)) MB/s; libvterm alone (no guards, no damage takes): "
                + "\(String(format: "%.1f", megabytes / rawTime)) MB/s")
        #expect(screen.scrollbackCount == 5000)
        #expect((0..<50).contains { screen.text(row: $0).contains("50%") })
    }

    @Test func cellComparisonCost() {
        let screen = TerminalScreen(rows: 50, cols: 200)
        screen.feed(Self.mixedANSI(megabytes: 1))
        let rows = (0..<50).map { screen.row($0) }
        let copy = rows.map { row in
            row.map {
                Cell(
                    text: String(decoding: Array($0.text.utf8), as: UTF8.self), width: $0.width, attrs: $0.attrs,
                    fg: $0.fg, bg: $0.bg)
            }
        }
        var equal = 0
        let rounds = 100
        let time = Self.seconds {
            for _ in 0..<rounds {
                for (a, b) in zip(rows, copy) where a == b { equal += 1 }
            }
        }
        let comparisons = Double(rounds * 50 * 200)
        print("Cell ==: \(String(format: "%.1f", time / comparisons * 1e9)) ns per cell (\(Int(comparisons)) cells)")
        #expect(equal == rounds * 50)
        let readTime = Self.seconds { for _ in 0..<rounds { for r in 0..<50 { _ = screen.row(r) } } }
        print("row(_:): \(String(format: "%.1f", readTime / comparisons * 1e9)) ns per cell")
    }
}
