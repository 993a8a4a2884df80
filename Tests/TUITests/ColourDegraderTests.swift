import ClientCore
import TUI
import TestSupport
import Testing

@Suite struct ColourDegraderTests {
    /// The quick test before mapping may say "changes" for a style that maps to itself, never
    /// "no change" for one that maps to something else.
    @Test(arguments: ColourDepth.allCases)
    func aStyleSaidNotToChangeMapsToItself(depth: ColourDepth) {
        let degrader = ColourDegrader(depth: depth)
        let colours: [Color] = [.default, .indexed(3), .indexed(12), .indexed(200), .rgb(1, 2, 3), .rgb(255, 135, 0)]
        var skipped = 0
        for fg in colours {
            for bg in colours {
                for underline in colours {
                    let style = Style(fg: fg, bg: bg, attrs: [.bold], underlineColor: underline)
                    guard !degrader.changes(style) else { continue }
                    skipped += 1
                    #expect(degrader.map(style) == style, "\(depth): \(style)")
                }
            }
        }
        if depth >= .ansi256 { #expect(skipped > 0, "nothing is skipped at \(depth)") }
    }

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

    @Test func to8TakesTheNearestBasicColour() {
        let d = ColourDegrader(depth: .ansi8)
        #expect(d.map(.indexed(9)) == .indexed(1))
        #expect(d.map(.indexed(8)) != .indexed(0), "bright black is grey, not black")
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

    /// Squared distance, for the brute-force searches below.
    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let (dr, dg, db) = (Int(a.0) - Int(b.0), Int(a.1) - Int(b.1), Int(a.2) - Int(b.2))
        return dr * dr + dg * dg + db * db
    }

    /// At every depth the degraded colour is the nearest the terminal has (palette entries
    /// 16–255 at 256 colours; the 16 or 8 basic colours below), by brute force over samples.
    @Test(arguments: [ColourDepth.ansi256, .ansi16, .ansi8])
    func degradedColourIsTheNearestEachTime(depth: ColourDepth) {
        var rng = SystemRandomNumberGenerator()
        let candidates: [UInt8] = depth == .ansi256 ? Array(16...255) : Array(0..<UInt8(depth.rawValue))
        let degrader = ColourDegrader(depth: depth)
        var samples: [(UInt8, UInt8, UInt8)] = (0..<2000).map { _ in
            (
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng)
            )
        }
        samples += (0...255).map { (UInt8($0), UInt8($0), UInt8($0)) }
        for rgb in samples {
            guard case .indexed(let got) = degrader.map(.rgb(rgb.0, rgb.1, rgb.2)) else {
                Issue.record("\(rgb) did not map to a palette entry")
                return
            }
            let best = candidates.map { Self.distance(rgb, ColourDegrader.rgb(ofIndex: $0)) }.min() ?? 0
            let gotDistance = Self.distance(rgb, ColourDegrader.rgb(ofIndex: got))
            #expect(gotDistance == best, "\(rgb) → \(got) at \(depth)")
            if gotDistance != best { return }
        }
    }
}
