/// The VT100 special graphics set (`ESC ( 0`): what `` ` `` to `~` draw, as libvterm draws them.
enum DECLineDrawing {
    /// The character `scalar` draws in the set (itself outside `` ` ``…`~`).
    static func character(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.value >= 0x60, scalar.value <= 0x7E,
            let drawn = Unicode.Scalar(table[Int(scalar.value - 0x60)])
        else { return scalar }
        return drawn
    }

    private static let table: [UInt32] = [
        0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, 0x00B1, 0x2424, 0x240B, 0x2518, 0x2510, 0x250C,
        0x2514, 0x253C, 0x23BA, 0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534, 0x252C, 0x2502, 0x2A7D,
        0x2A7E, 0x03C0, 0x2260, 0x00A3, 0x00B7,
    ]
}
