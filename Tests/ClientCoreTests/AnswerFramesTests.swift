// The frame-timing policy for output that answers the user (AnswerFrames): a forwarded key's echo
// is drawn at once, once; an attach's first four outputs are; other sessions' output, output after
// the window, and output after a detach are not; a frame spends a due answer; a changed predictive
// echo is due without a wait.
import ClientCore
import Testing

@Suite struct AnswerFramesTests {
    static let a = SessionKey(server: "s", sessionId: "a")
    static let b = SessionKey(server: "s", sessionId: "b")

    @Test func aKeysEchoIsDrawnAtOnceOnce() {
        var frames = AnswerFrames()
        frames.keyForwarded(to: Self.a, at: .seconds(10))
        #expect(frames.awaitsAnswer && !frames.isDue)
        frames.output(from: Self.b)
        #expect(!frames.isDue, "another session's output is no echo")
        frames.output(from: Self.a)
        #expect(frames.isDue)
        frames.frameDrawn()
        #expect(!frames.isDue && !frames.awaitsAnswer, "one frame for one echo")
        frames.output(from: Self.a)
        #expect(!frames.isDue, "later output waits for the frame cap")
    }

    @Test func anAttachsFirstOutputsAreDrawnAtOnce() {
        var frames = AnswerFrames()
        frames.attached(Self.a, at: .zero)
        for _ in 0..<AnswerFrames.attachFrames {
            frames.output(from: Self.a)
            frames.output(from: Self.a)
            #expect(frames.isDue)
            frames.frameDrawn()
        }
        frames.output(from: Self.a)
        #expect(!frames.isDue && !frames.awaitsAnswer, "a flooding session gets no more uncapped frames")
    }

    @Test func theWaitEndsWithItsWindowOrADetach() {
        var frames = AnswerFrames()
        frames.attached(Self.a, at: .zero)
        frames.expire(now: AnswerFrames.attachWindow)
        #expect(frames.awaitsAnswer, "the window's last instant still counts")
        frames.expire(now: AnswerFrames.attachWindow + .milliseconds(1))
        #expect(!frames.awaitsAnswer)
        frames.keyForwarded(to: Self.a, at: .seconds(5))
        frames.detached(Self.b)
        #expect(frames.awaitsAnswer, "leaving another session changes nothing")
        frames.detached(Self.a)
        frames.output(from: Self.a)
        #expect(!frames.awaitsAnswer && !frames.isDue)
    }

    @Test func aKeyReplacesAnAttachsWait() {
        var frames = AnswerFrames()
        frames.attached(Self.a, at: .zero)
        frames.keyForwarded(to: Self.a, at: .milliseconds(100))
        frames.output(from: Self.a)
        frames.frameDrawn()
        #expect(!frames.awaitsAnswer, "the echo was the one frame the key waited for")
    }

    @Test func aChangedPredictionIsDueWithoutAWait() {
        var frames = AnswerFrames()
        frames.predictionChanged()
        #expect(frames.isDue && !frames.awaitsAnswer)
        frames.frameDrawn()
        #expect(!frames.isDue)
    }
}
