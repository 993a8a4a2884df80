// RuntimeApp and predictive echo: after a probe key's echo, the next key is predicted at once
// (the predictor's glyph is handed to the renderer, and the frame answers input), and the real
// echo replaces it.
import ClientCore
import Foundation
import TUI
import TerminalScreen
import Testing

@testable import ClientRuntime

@Suite struct PredictionRuntimeTests {
    static let key = PaneStreamRuntimeTests.key

    @Test func aKeyAfterAnEchoedProbeIsPredictedThenConfirmed() throws {
        var (world, attach) = try EchoFrameTests.attached()
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("\r\nready\r\n".utf8))))
        world.send(
            .terminal(
                Self.key, generation: attach.generation,
                .roundTrip(RoundTrip(last: .milliseconds(200), smoothed: .milliseconds(200)))))
        _ = EchoFrameTests.type("p", into: &world)
        #expect(world.app.echo?.predictor.glyphs.isEmpty == true, "the probe is not shown")
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("p".utf8))))
        #expect(world.app.echo?.predictor.trusted == true)
        let dirty = EchoFrameTests.type("q", into: &world)
        #expect(dirty && world.app.frameAnswersInput)
        let glyphs = world.app.echo?.predictor.glyphs ?? []
        #expect(glyphs == [PredictedGlyph(row: 2, col: 1, scalar: "q")])
        world.app.render(now: world.now)
        #expect(world.app.renderer.predictedEcho?.glyphs == glyphs)
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("q".utf8))))
        #expect(world.app.echo?.predictor.glyphs.isEmpty == true)
    }
}
