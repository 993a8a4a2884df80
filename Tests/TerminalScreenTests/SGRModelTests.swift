// Random SGR lists (every attribute, colon and semicolon colours, underline colours, fonts,
// empty parameters) fed in random chunks must leave the same cell as a reference model of
// tmux's SGR semantics (input.c), written independently of the rewriter.

import TestSupport
import Testing

@testable import TerminalScreen

/// tmux's reading of SGR, for the attributes and colours a `Cell` holds.
struct SGRModel {
    enum Underline { case none, single, double, curly, dotted, dashed }
    var bold = false, dim = false, italic = false, blink = false, reverse = false, conceal = false
    var strike = false, overline = false
    var underline = Underline.none
    var fg = TerminalColor.default, bg = TerminalColor.default

    /// Applies one parameter item: a `;` group, or several when a semicolon colour follows.
    mutating func apply(_ item: [Int]) {
        switch item[0] {
        case 0: self = SGRModel()
        case 1: bold = true
        case 2: dim = true
        case 3: italic = true
        case 4: underline = item.count > 1 ? [.none, .single, .double, .curly, .dotted, .dashed][item[1]] : .single
        case 5: blink = true
        case 7: reverse = true
        case 8: conceal = true
        case 9: strike = true
        case 21: underline = .double
        case 22: (bold, dim) = (false, false)
        case 23: italic = false
        case 24: underline = .none
        case 25: blink = false
        case 27: reverse = false
        case 28: conceal = false
        case 29: strike = false
        case 53: overline = true
        case 55: overline = false
        case 30...37: fg = .indexed(UInt8(item[0] - 30))
        case 39: fg = .default
        case 40...47: bg = .indexed(UInt8(item[0] - 40))
        case 49: bg = .default
        case 90...97: fg = .indexed(UInt8(item[0] - 82))
        case 100...107: bg = .indexed(UInt8(item[0] - 92))
        case 38, 48:
            let colour: TerminalColor =
                item[1] == 5 ? .indexed(UInt8(item[2])) : .rgb(UInt8(item[2]), UInt8(item[3]), UInt8(item[4]))
            if item[0] == 38 { fg = colour } else { bg = colour }
        default: break
        }
    }

    /// The documented limit of the font-number carrier: a dotted or dashed underline that is
    /// on together with dim, conceal or overline at the end of a sequence becomes single.
    mutating func endSequence() {
        if (dim || conceal || overline) && (underline == .dotted || underline == .dashed) { underline = .single }
    }

    /// The attributes a cell shows.
    var attrs: CellAttributes {
        var result: CellAttributes = []
        for (on, attr) in [
            (bold, CellAttributes.bold), (dim, .dim), (italic, .italic), (blink, .blink), (reverse, .reverse),
            (conceal, .conceal), (strike, .strike), (overline, .overline),
        ] where on { result.insert(attr) }
        switch underline {
        case .none: break
        case .single: result.insert(.underline)
        case .double: result.formUnion([.underline, .doubleUnderline])
        case .curly: result.formUnion([.underline, .curlyUnderline])
        case .dotted: result.formUnion([.underline, .dottedUnderline])
        case .dashed: result.formUnion([.underline, .dashedUnderline])
        }
        return result
    }
}

@Suite("SGR rewrite against a model")
struct SGRModelTests {
    /// One random parameter: its text and the model item (nil: the model ignores it).
    static func randomParameter(using rng: inout SeededGenerator) -> (String, [Int]?) {
        let simple = [0, 1, 2, 3, 4, 5, 7, 8, 9, 21, 22, 23, 24, 25, 27, 28, 29, 53, 55, 31, 39, 42, 49, 95, 103]
        func byte() -> Int { Int.random(in: 0...255, using: &rng) }
        switch Int.random(in: 0..<14, using: &rng) {
        case 0..<6:
            let value = simple.randomElement(using: &rng) ?? 0
            return (String(value), [value])
        case 6:
            let style = Int.random(in: 0...5, using: &rng)
            return ("4:\(style)", [4, style])
        case 7:
            let (which, n) = ([38, 48].randomElement(using: &rng) ?? 38, byte())
            return (Bool.random(using: &rng) ? "\(which);5;\(n)" : "\(which):5:\(n)", [which, 5, n])
        case 8:
            let (which, r, g, b) = ([38, 48].randomElement(using: &rng) ?? 38, byte(), byte(), byte())
            let text = ["\(which);2;\(r);\(g);\(b)", "\(which):2::\(r):\(g):\(b)", "\(which):2:\(r):\(g):\(b)"]
            return (text.randomElement(using: &rng) ?? "", [which, 2, r, g, b])
        case 9:
            let text = ["58;5;\(byte())", "58;2;\(byte());\(byte());\(byte())", "58:2::1:2:3", "58:5:9", "59"]
            return (text.randomElement(using: &rng) ?? "", nil)
        case 10:
            return (String(Int.random(in: 10...19, using: &rng)), nil)
        case 11:
            return ("", [0])
        default:
            return ("1:2", nil)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomListsMatchTheModel(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        var model = SGRModel()
        let screen = TerminalScreen(rows: 1, cols: 2, scrollbackLimit: 0)
        for step in 0..<300 {
            let parameters = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.randomParameter(using: &rng) }
            for case let item? in parameters.map(\.1) { model.apply(item) }
            model.endSequence()
            let bytes = Array("\(esc)[\(parameters.map(\.0).joined(separator: ";"))m\r*".utf8)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...8, using: &rng))
                screen.feed(bytes[start..<end])
                start = end
            }
            let cell = screen.cell(row: 0, col: 0)
            let text = String(decoding: bytes, as: UTF8.self).replacingEscapes()
            #expect(cell.attrs == model.attrs, "seed \(seed) step \(step): \(text)")
            #expect(cell.fg == model.fg && cell.bg == model.bg, "seed \(seed) step \(step): \(text)")
            if cell.attrs != model.attrs || cell.fg != model.fg || cell.bg != model.bg { return }
        }
    }
}
