// The replay viewer's position: bursts (output within 0.3 s) as steps, events one by one, the
// markers, the ends, and playing in time at a speed, stopping at the end.
import ClientCore
import Testing

@Suite struct ReplayPlayerTests {
    /// Output at 0, 0.1, 0.2 (one burst), a marker at 1.0, output at 2.0 and 2.1 (a second
    /// burst), a resize at 3.0 and output at 5.0 (a third).
    static func player() -> ReplayPlayer {
        ReplayPlayer(times: [0, 0.1, 0.2, 1.0, 2.0, 2.1, 3.0, 5.0], outputs: [0, 1, 2, 4, 5, 7], markerIndices: [3])
    }

    @Test func burstsAreStepsForwardAndBack() {
        var p = Self.player()
        #expect(p.burstEnds == [3, 6, 8])
        p.apply(.nextBurst, now: .zero)
        #expect(p.position == 3)
        p.apply(.nextBurst, now: .zero)
        #expect(p.position == 6)
        p.apply(.nextBurst, now: .zero)
        p.apply(.nextBurst, now: .zero)
        #expect(p.position == 8, "past the last burst is the end")
        p.apply(.previousBurst, now: .zero)
        #expect(p.position == 6)
        p.apply(.previousBurst, now: .zero)
        p.apply(.previousBurst, now: .zero)
        #expect(p.position == 0, "before the first burst is the start")
    }

    @Test func eventsMarkersAndEnds() {
        var p = Self.player()
        p.apply(.nextEvent, now: .zero)
        p.apply(.nextEvent, now: .zero)
        #expect(p.position == 2 && p.time(now: .zero) == 0.1)
        p.apply(.nextMarker, now: .zero)
        #expect(p.position == 4)
        p.apply(.nextMarker, now: .zero)
        #expect(p.position == 4, "no marker after the last stays put")
        p.apply(.end, now: .zero)
        #expect(p.position == 8 && p.time(now: .zero) == 5.0)
        p.apply(.previousMarker, now: .zero)
        #expect(p.position == 4)
        p.apply(.start, now: .zero)
        p.apply(.previousEvent, now: .zero)
        #expect(p.position == 0)
    }

    @Test func playingFollowsTheClockAtItsSpeedAndStopsAtTheEnd() {
        var p = Self.player()
        let t0 = MonotonicTime(nanoseconds: 1_000_000_000)
        p.apply(.togglePlay, now: t0)
        #expect(p.playing && p.nextDeadline() == t0)
        p.advance(now: t0 + .milliseconds(150))
        #expect(p.position == 2, "events at 0 and 0.1 are due at 0.15 s")
        #expect(p.nextDeadline() == t0 + .milliseconds(200))
        p.apply(.faster, now: t0 + .milliseconds(150))
        #expect(p.speed == 2)
        // At ×2 from 0.15: the event at 2.0 is due after (2.0 - 0.15) / 2 = 0.925 s.
        p.advance(now: t0 + .milliseconds(150) + .milliseconds(925))
        #expect(p.position == 5)
        p.advance(now: t0 + .seconds(10))
        #expect(p.position == 8 && !p.playing, "the end stops the player")
        p.apply(.togglePlay, now: t0 + .seconds(10))
        #expect(p.playing && p.position == 0, "play at the end starts over")
        p.apply(.togglePlay, now: t0 + .seconds(10))
        #expect(!p.playing && p.nextDeadline() == nil)
    }
}
