// Choosing the colour depth at start-up from the configured mode, the environment and the
// terminal's reported colour count. `NO_COLOR` (any non-empty value, no-color.org) always wins.

import ClientCore

extension ColourDepth {
    /// The depth to use for `mode`, given the environment, terminfo's colour count and whether
    /// terminfo declares direct colour (`RGB` or `Tc`).
    public static func detect(
        mode: ColourMode, environment: [String: String], terminalColours: Int, directColour: Bool = false
    ) -> ColourDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        switch mode {
        case .none: return .none
        case .truecolor: return .truecolor
        case .ansi256: return .ansi256
        case .ansi16: return .ansi16
        case .auto: break
        }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        let truecolor = colorterm == "truecolor" || colorterm == "24bit"
        if truecolor || directColour || terminalColours >= 16_777_216 { return .truecolor }
        if terminalColours >= 256 { return .ansi256 }
        if terminalColours >= 16 { return .ansi16 }
        if terminalColours >= 8 { return .ansi8 }
        return .none
    }
}
