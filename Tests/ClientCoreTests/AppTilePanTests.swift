// J/K/H/L pan the selected tile's window; another selection or Esc puts it back.
import ClientCore
import Testing

@Suite struct AppTilePanTests {
    @Test func panKeysMoveTheSelectedTileAndEscPutsItBack() {
        var state = AppWorld.state()
        let first = state.selection
        _ = state.press(.char("K"))
        _ = state.press(.char("K"))
        _ = state.press(.char("L"))
        #expect(state.tilePan == TilePan(session: first!, rows: -2 * TilePan.rowStep, cols: TilePan.colStep))
        _ = state.press(.char("J"))
        _ = state.press(.char("J"))
        _ = state.press(.char("H"))
        #expect(state.tilePan == nil, "back where the tile puts it")
        _ = state.press(.char("J"))
        _ = state.press(.escape)
        #expect(state.tilePan == nil)
    }

    @Test func anotherSelectionForgetsThePan() {
        var state = AppWorld.state()
        _ = state.press(.char("J"))
        #expect(state.tilePan != nil)
        _ = state.press(.char("j"))
        #expect(state.tilePan == nil)
    }
}
