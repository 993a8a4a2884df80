import ClientCore
import TUI
import Testing

@Suite struct ColourDegraderTests {
    @Test func truecolorKeepsEverything() {
        let d = ColourDegrader(depth: .truecolor)
        #expect(d.map(.rgb(1, 2, 3)) == .rgb(1, 2, 3))
        #expect(d.map(.indexed(200)) == .indexed(200))
    }

    @Test func rgbTo256UsesCubeOrGreyRamp() {
        let d = ColourDegrader(depth: .ansi256)
        #expect(d.map(.rgb(255, 0, 0)) == .indexed(196))
        #expect(d.map(.rgb(0, 0, 0)) == .indexed(16))
        #expect(d.map(.rgb(255, 255, 255)) == .indexed(231))
        #expect(d.map(.rgb(128, 128, 128)) == .indexed(244))
        #expect(d.map(.rgb(255, 135, 0)) == .indexed(208))
        #expect(d.map(.indexed(99)) == .indexed(99))
    }

    @Test func to16MapsPaletteAndRgbToBasicColours() {
        let d = ColourDegrader(depth: .ansi16)
        #expect(d.map(.indexed(9)) == .indexed(9))
        #expect(d.map(.indexed(196)) == .indexed(9))
        #expect(d.map(.rgb(0, 0, 0)) == .indexed(0))
        #expect(d.map(.indexed(231)) == .indexed(15))
    }

    @Test func to8FoldsBrightColours() {
        let d = ColourDegrader(depth: .ansi8)
        #expect(d.map(.indexed(9)) == .indexed(1))
        #expect(d.map(.rgb(0, 200, 0)) == .indexed(2))
        #expect(d.map(.default) == .default)
    }

    @Test func noneDropsColourButKeepsAttributes() {
        let d = ColourDegrader(depth: .none)
        let style = Style(fg: .rgb(1, 2, 3), bg: .indexed(4), attrs: [.reverse, .bold])
        #expect(d.map(style) == Style(fg: .default, bg: .default, attrs: [.reverse, .bold]))
    }

    @Test func detectHonoursNoColorAndMode() {
        #expect(ColourDepth.detect(mode: .truecolor, environment: ["NO_COLOR": "1"], terminalColours: 256) == .none)
        #expect(ColourDepth.detect(mode: .auto, environment: ["NO_COLOR": ""], terminalColours: 256) == .ansi256)
        #expect(
            ColourDepth.detect(mode: .auto, environment: ["COLORTERM": "truecolor"], terminalColours: 256) == .truecolor
        )
        #expect(ColourDepth.detect(mode: .auto, environment: [:], terminalColours: 8) == .ansi8)
        #expect(ColourDepth.detect(mode: .auto, environment: [:], terminalColours: 0) == .none)
        #expect(ColourDepth.detect(mode: .none, environment: [:], terminalColours: 256) == .none)
        #expect(ColourDepth.detect(mode: .ansi16, environment: [:], terminalColours: 256) == .ansi16)
    }

    @Test func rendererDegradesEveryCell() {
        let state = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        let renderer = Renderer(surface: RecordingSurface(size: state.size), depth: .none)
        let (frame, _) = renderer.frame(state: state, screens: SceneFixtures.screens())
        #expect(frame.cells.allSatisfy { $0.style.fg == .default && $0.style.bg == .default })
        #expect(frame.cells.contains { $0.style.attrs.contains(.reverse) })
        let ansi8 = Renderer(surface: RecordingSurface(size: state.size), depth: .ansi8)
        let (frame8, _) = ansi8.frame(state: state, screens: SceneFixtures.screens())
        for cell in frame8.cells {
            for color in [cell.style.fg, cell.style.bg] {
                if case .indexed(let i) = color { #expect(i < 8) }
                if case .rgb = color { Issue.record("rgb survived 8-colour degradation") }
            }
        }
    }
}
