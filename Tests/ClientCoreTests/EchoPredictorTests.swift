// EchoPredictor against a small fake pane that echoes (or not) what is typed, with a fake
// clock: trust is earned by a probe, shown glyphs are confirmed or rolled back, password prompts
// and the alternate screen never show a prediction unproven, and `auto` follows the round trip.
import ClientCore
import TestSupport
import Testing

/// A pane of `cols`×3 cells with a cursor, like a shell line.
struct FakePane: EchoScreenView {
    var cells: [[Unicode.Scalar?]]
    var cursorRow = 0
    var cursorCol = 0
    var cursorVisible = true
    var isAltScreen = false
    var cols: Int { cells[0].count }

    init(cols: Int = 20, prompt: String = "$ ") {
        cells = Array(repeating: Array(repeating: nil, count: cols), count: 3)
        write(prompt)
    }

    /// The program writes `text` at the cursor.
    mutating func write(_ text: String) {
        for scalar in text.unicodeScalars {
            cells[cursorRow][cursorCol] = scalar
            cursorCol += 1
        }
    }

    func scalar(row: Int, col: Int) -> Unicode.Scalar? { cells[row][col] }
}

@Suite struct EchoPredictorTests {
    static let on = PredictionSettings(mode: .on, threshold: .milliseconds(30))

    /// Types `text` and lets the pane echo it after `delay`.
    static func typeAndEcho(
        _ text: String, _ p: inout EchoPredictor, _ pane: inout FakePane, _ clock: inout FakeClock,
        delay: Duration = .milliseconds(100)
    ) {
        _ = p.typed(text, screen: pane, now: clock.now)
        clock.advance(by: delay)
        pane.write(text)
        _ = p.screenUpdated(pane, now: clock.now)
    }

    @Test func aProbeEarnsTrustThenKeysShowAtOnceAndAreConfirmed() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        let changed1 = p.typed("l", screen: pane, now: clock.now)
        #expect(!changed1, "the first key is a hidden probe")
        #expect(p.glyphs.isEmpty)
        clock.advance(by: .milliseconds(100))
        pane.write("l")
        _ = p.screenUpdated(pane, now: clock.now)
        #expect(p.trusted)
        let changed2 = p.typed("s", screen: pane, now: clock.now)
        #expect(changed2)
        #expect(p.glyphs == [PredictedGlyph(row: 0, col: 3, scalar: "s")])
        let changed3 = p.typed(" -", screen: pane, now: clock.now)
        #expect(changed3)
        #expect(p.glyphs.map(\.col) == [3, 4, 5])
        #expect(p.cursor! == (0, 6))
        clock.advance(by: .milliseconds(100))
        pane.write("s ")
        let changed4 = p.screenUpdated(pane, now: clock.now)
        #expect(changed4)
        #expect(p.glyphs == [PredictedGlyph(row: 0, col: 5, scalar: "-")], "confirmed ones are the pane's now")
        pane.write("-")
        _ = p.screenUpdated(pane, now: clock.now)
        #expect(p.glyphs.isEmpty && p.rollbacks == 0)
    }

    @Test func aSnapshotDropsPendingGlyphsButKeepsTheTrustAndAResetDropsBoth() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("l", &p, &pane, &clock)
        #expect(p.trusted)
        _ = p.typed("s", screen: pane, now: clock.now)
        #expect(!p.glyphs.isEmpty)
        p.screenReplaced()
        #expect(p.glyphs.isEmpty)
        #expect(p.trusted, "a snapshot of the same program withdrew the trust")
        let shown = p.typed("x", screen: pane, now: clock.now)
        #expect(shown, "a trusted key was not shown at once")
        p.reset()
        #expect(p.glyphs.isEmpty && !p.trusted)
    }

    @Test func aMismatchRollsBackAndWithdrawsTrust() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("a", &p, &pane, &clock)
        _ = p.typed("bc", screen: pane, now: clock.now)
        #expect(p.glyphs.count == 2)
        clock.advance(by: .milliseconds(50))
        pane.write("B")  // the program shows something else (e.g. it upper-cases)
        let changed5 = p.screenUpdated(pane, now: clock.now)
        #expect(changed5)
        #expect(p.glyphs.isEmpty && !p.trusted && p.rollbacks == 1)
        _ = p.typed("d", screen: pane, now: clock.now)
        #expect(p.glyphs.isEmpty, "a probe again after a mismatch")
    }

    @Test func aPasswordPromptNeverShowsWhatIsTyped() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("sudo ls", &p, &pane, &clock)
        #expect(p.trusted)
        _ = p.typed("\r", screen: pane, now: clock.now)
        clock.advance(by: .milliseconds(100))
        pane.cursorRow = 1
        pane.cursorCol = 0
        pane.write("Password: ")
        _ = p.screenUpdated(pane, now: clock.now)
        var shownEver = false
        for key in "hunter2" {
            shownEver = p.typed(String(key), screen: pane, now: clock.now) || shownEver
            clock.advance(by: .milliseconds(150))
            shownEver = p.screenUpdated(pane, now: clock.now) || shownEver  // no echo: the cursor stays
            shownEver = shownEver || !p.glyphs.isEmpty
        }
        #expect(!shownEver)
        #expect(!p.trusted)
    }

    @Test func controlKeysStopPredictionUntilThePendingOnesResolve() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("e", &p, &pane, &clock)
        _ = p.typed("cho", screen: pane, now: clock.now)
        _ = p.typed("\r", screen: pane, now: clock.now)
        #expect(p.glyphs.count == 3, "what is shown stays until confirmed")
        let changed6 = p.typed("x", screen: pane, now: clock.now)
        #expect(!changed6)
        #expect(p.glyphs.count == 3, "nothing new after Enter")
        pane.write("cho")
        _ = p.screenUpdated(pane, now: clock.now)
        #expect(p.glyphs.isEmpty && !p.trusted)
    }

    @Test func theAlternateScreenNeedsItsOwnProof() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("v", &p, &pane, &clock)
        #expect(p.trusted)
        pane.isAltScreen = true
        _ = p.screenUpdated(pane, now: clock.now)
        #expect(!p.trusted)
        _ = p.typed("j", screen: pane, now: clock.now)
        #expect(p.glyphs.isEmpty)
    }

    @Test func unconfirmedPredictionsExpire() throws {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("a", &p, &pane, &clock)
        _ = p.typed("b", screen: pane, now: clock.now)
        #expect(!p.glyphs.isEmpty)
        let deadline = try #require(p.nextDeadline)
        clock.advance(to: deadline)
        let changed7 = p.screenUpdated(pane, now: clock.now)
        #expect(changed7)
        #expect(p.glyphs.isEmpty && p.rollbacks == 1)
    }

    @Test func onlyTheEndOfALineIsPredicted() {
        var p = EchoPredictor(settings: Self.on)
        var pane = FakePane(cols: 10)
        var clock = FakeClock()
        Self.typeAndEcho("a", &p, &pane, &clock)
        pane.cells[0][8] = "x"  // text right of the cursor (a suggestion, or the middle of a line)
        _ = p.typed("b", screen: pane, now: clock.now)
        #expect(p.glyphs.isEmpty)
        var full = EchoPredictor(settings: Self.on)
        var edge = FakePane(cols: 5, prompt: "$ ")
        Self.typeAndEcho("a", &full, &edge, &clock)
        _ = full.typed("bc", screen: edge, now: clock.now)
        #expect(full.glyphs.map(\.col) == [3], "never the last column")
    }

    @Test func aSlowFirstEchoStillEarnsTrust() {
        // 650 ms: a 300 ms link each way with jitter, before any round trip is known.
        var p = EchoPredictor(settings: .default)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("o", &p, &pane, &clock, delay: .milliseconds(650))
        #expect(p.trusted && p.isActive)
        _ = p.typed("q", screen: pane, now: clock.now)
        #expect(p.glyphs.count == 1)
    }

    @Test func autoFollowsTheRoundTripAndOffNeverPredicts() {
        var p = EchoPredictor(settings: .default)
        var pane = FakePane()
        var clock = FakeClock()
        Self.typeAndEcho("a", &p, &pane, &clock, delay: .milliseconds(5))
        _ = p.typed("b", screen: pane, now: clock.now)
        #expect(!p.isActive && p.glyphs.isEmpty, "5 ms echo: below the 30 ms threshold")
        pane.write("b")
        _ = p.screenUpdated(pane, now: clock.now)
        for _ in 0..<3 { p.measured(roundTrip: .milliseconds(200)) }
        #expect(p.isActive)
        _ = p.typed("c", screen: pane, now: clock.now)
        #expect(p.glyphs.count == 1)
        var off = EchoPredictor(settings: PredictionSettings(mode: .off, threshold: .zero))
        off.measured(roundTrip: .seconds(1))
        Self.typeAndEcho("a", &off, &pane, &clock)
        _ = off.typed("b", screen: pane, now: clock.now)
        #expect(off.glyphs.isEmpty)
    }
}
