// Colour degradation: views ask for any colour; the degrader maps it to what the terminal can
// show (truecolor → 256 → 16 → 8 → none), the way tmux's colour.c does, so that one scene
// renders on every terminal.

/// How many colours the outer terminal shows.
public enum ColourDepth: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// No colour: attributes only (`NO_COLOR`, `--no-color`, dumb terminals).
    case none = 0
    /// The 8 basic colours.
    case ansi8 = 8
    /// 16 colours (8 + bright).
    case ansi16 = 16
    /// The xterm 256-colour palette.
    case ansi256 = 256
    /// 24-bit colour.
    case truecolor = 16_777_216

    public static func < (lhs: ColourDepth, rhs: ColourDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Maps colours down to a `ColourDepth`.
public struct ColourDegrader: Hashable, Sendable {
    /// The target depth.
    public let depth: ColourDepth

    /// Creates a degrader for `depth`.
    public init(depth: ColourDepth) { self.depth = depth }

    /// `color` as the terminal can show it.
    public func map(_ color: Color) -> Color {
        switch (depth, color) {
        case (_, .default), (.truecolor, _): return color
        case (.none, _): return .default
        case (.ansi256, .indexed): return color
        case (.ansi256, .rgb(let r, let g, let b)): return .indexed(Self.nearest256(r, g, b))
        case (.ansi16, .indexed(let i)): return .indexed(i < 16 ? i : Self.nearest16(Self.rgb(ofIndex: i)))
        case (.ansi16, .rgb(let r, let g, let b)): return .indexed(Self.nearest16((r, g, b)))
        case (.ansi8, .indexed(let i)) where i < 8: return color
        case (.ansi8, .indexed(let i)): return .indexed(Self.nearest8(Self.rgb(ofIndex: i)))
        case (.ansi8, .rgb(let r, let g, let b)): return .indexed(Self.nearest8((r, g, b)))
        }
    }

    /// Whether `map(style)` may differ from `style`: at 256 colours only 24-bit colours change,
    /// at truecolor nothing does (a test cheaper than mapping, for every cell of every frame).
    @inline(__always)
    public func changes(_ style: Style) -> Bool {
        switch depth {
        case .truecolor: false
        case .ansi256: style.fg.isRGB || style.bg.isRGB || style.underlineColor.isRGB
        case .ansi16, .ansi8, .none: true
        }
    }

    /// `style` with both colours mapped. Without colour, reverse video keeps selections visible.
    public func map(_ style: Style) -> Style {
        Style(fg: map(style.fg), bg: map(style.bg), attrs: style.attrs, underlineColor: map(style.underlineColor))
    }

    /// The xterm cube steps.
    static let cubeSteps: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest xterm-256 index to an RGB colour (cube or grey ramp, as tmux does).
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let (ri, gi, bi) = (cubeIndex(Int(r)), cubeIndex(Int(g)), cubeIndex(Int(b)))
        let cube = (cubeSteps[ri], cubeSteps[gi], cubeSteps[bi])
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(average - 3, 0) / 10
        let grey = 8 + 10 * greyIndex
        let cubeDistance = distance((Int(r), Int(g), Int(b)), cube)
        let greyDistance = distance((Int(r), Int(g), Int(b)), (grey, grey, grey))
        if greyDistance < cubeDistance { return UInt8(232 + greyIndex) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The RGB value of an xterm-256 palette entry (0–15 use xterm's defaults).
    public static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 {
            let c = basic16[i]
            return (UInt8(c.0), UInt8(c.1), UInt8(c.2))
        }
        if i >= 232 {
            let v = UInt8(8 + 10 * (i - 232))
            return (v, v, v)
        }
        let n = i - 16
        return (UInt8(cubeSteps[n / 36]), UInt8(cubeSteps[(n / 6) % 6]), UInt8(cubeSteps[n % 6]))
    }

    /// The nearest of the 16 basic colours.
    public static func nearest16(_ rgb: (UInt8, UInt8, UInt8)) -> UInt8 {
        nearest(rgb, among: 16)
    }

    /// The nearest of the 8 basic colours (bright colours are not folded onto their dark
    /// halves: bright black would become black, invisible on a dark background).
    public static func nearest8(_ rgb: (UInt8, UInt8, UInt8)) -> UInt8 {
        nearest(rgb, among: 8)
    }

    private static func nearest(_ rgb: (UInt8, UInt8, UInt8), among count: Int) -> UInt8 {
        let target = (Int(rgb.0), Int(rgb.1), Int(rgb.2))
        var best = 0
        var bestDistance = Int.max
        for (i, c) in basic16.prefix(count).enumerated() {
            let d = distance(target, c)
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return UInt8(best)
    }

    static let basic16: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
