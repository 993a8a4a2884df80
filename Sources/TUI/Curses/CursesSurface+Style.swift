// Styles → ncurses attributes and colour pairs. Pairs are allocated on first use and cached;
// colours the terminal cannot show are mapped down (rgb to the 256 palette unless terminfo
// reports direct colour).

@preconcurrency import CNCursesW
import ClientCore

extension CursesSurface {
    func attributes(_ attrs: TextAttributes) -> attr_t {
        var result = cpm_A_NORMAL()
        if attrs.contains(.bold) { result |= cpm_A_BOLD() }
        if attrs.contains(.dim) { result |= cpm_A_DIM() }
        if attrs.contains(.italic) { result |= cpm_A_ITALIC() }
        if attrs.contains(.underline) { result |= cpm_A_UNDERLINE() }
        if attrs.contains(.reverse) { result |= cpm_A_REVERSE() }
        if attrs.contains(.blink) { result |= cpm_A_BLINK() }
        return result
    }

    func colourNumber(_ color: Color, colours: Int32) -> Int32 {
        switch color {
        case .default: return -1
        case .indexed(let i): return Int32(i) < colours ? Int32(i) : Int32(i % 8)
        case .rgb(let r, let g, let b):
            if colours >= 0x100_0000 { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
            let index = Int32(ColourDegrader.nearest256(r, g, b))
            return index < colours
                ? index : Int32(ColourDegrader.nearest16(ColourDegrader.rgb(ofIndex: UInt8(index))) % 8)
        }
    }
}
