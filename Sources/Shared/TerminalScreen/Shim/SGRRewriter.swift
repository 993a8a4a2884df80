// Rewrites one SGR parameter list (the bytes between `CSI` and `m`) into what libvterm 0.1.4
// understands, with tmux's meaning:
// - dim (2/22), conceal (8/28), overline (53/55) and the dotted/dashed underlines (4:4, 4:5) are
//   stored in libvterm's font number (`PenExtras`); real font selections (10–19) are dropped;
// - colon colours (38:2::r:g:b, 38:2:r:g:b, 38:5:n) become the semicolon forms libvterm parses
//   (it reads 38:2::r:g:b as r = 255);
// - the underline colour (58, 59) is dropped with all its arguments: libvterm has no room for it
//   and would otherwise take `58;5;1` for blink and bold;
// - colon groups tmux ignores (1:2, 4:9, …) are dropped.
// Lists needing none of this are passed on untouched (the common case costs one scan).

/// Rewrites SGR parameter lists for libvterm.
struct SGRRewriter {
    /// Parsed values (-1 for a missing one) and where each `;` group starts: the first
    /// `valueCount` and `groupCount` entries. The arrays only grow: emptying an array for every
    /// SGR (`removeAll(keepingCapacity:)`) cost more than parsing it.
    private var values: [Int] = []
    private var groupStarts: [Int] = []
    private var valueCount = 0
    private var groupCount = 0
    /// Output parameters, each a group of arguments.
    private var items: [[Int]] = []

    /// libvterm takes at most 16 arguments per sequence; output is split well below that.
    static let maxArgumentsPerSequence = 12

    /// The bytes that replace `CSI params m`, or nil if the sequence can go to libvterm as it is.
    /// `currentFont` reads libvterm's pen font number before the sequence.
    /// `force` rewrites even a list libvterm would read correctly (to split a long one).
    mutating func rewrite(_ params: [UInt8], force: Bool = false, currentFont: () -> Int) -> [UInt8]? {
        if !force, let code = Self.singleCode(params), !Self.needsRewrite(code: code) { return nil }
        parse(params)
        guard force || needsRewrite() else { return nil }
        items.removeAll(keepingCapacity: true)
        var extras = PenExtras(font: currentFont())
        var vtermFont = extras.font
        var group = 0
        while group < groupCount {
            group += apply(group: group, extras: &extras, vtermFont: &vtermFont)
        }
        if extras.font != vtermFont { items.append([10 + extras.font]) }
        return Self.encode(items)
    }

    private mutating func parse(_ params: [UInt8]) {
        valueCount = 0
        groupCount = 0
        addGroupStart(0)
        var current = -1
        for byte in params {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(max(current, 0) * 10 + Int(byte - 0x30), 0xFFFF)
            case UInt8(ascii: ":"):
                addValue(current)
                current = -1
            case UInt8(ascii: ";"):
                addValue(current)
                current = -1
                addGroupStart(valueCount)
            default: break
            }
        }
        addValue(current)
    }

    private mutating func addValue(_ value: Int) {
        if valueCount < values.count { values[valueCount] = value } else { values.append(value) }
        valueCount += 1
    }

    private mutating func addGroupStart(_ start: Int) {
        if groupCount < groupStarts.count { groupStarts[groupCount] = start } else { groupStarts.append(start) }
        groupCount += 1
    }

    private func group(_ index: Int) -> ArraySlice<Int> {
        let end = index + 1 < groupCount ? groupStarts[index + 1] : valueCount
        return values[groupStarts[index]..<end]
    }

    /// The first value of group `index` (0 if missing or absent).
    private func first(_ index: Int) -> Int {
        guard index < groupCount else { return -1 }
        return max(values[groupStarts[index]], 0)
    }

    /// The code of a list of at most one short number (`CSI m`: -1), as `parse` would read it;
    /// nil for anything longer (most SGRs are one code: a colour, a reset, bold).
    @inline(__always)
    private static func singleCode(_ params: [UInt8]) -> Int? {
        guard params.count <= 3 else { return nil }
        var code = -1
        for byte in params {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            code = max(code, 0) * 10 + Int(byte - 0x30)
        }
        return code
    }

    /// True for a one-value group that libvterm cannot take as tmux means it.
    @inline(__always)
    private static func needsRewrite(code: Int) -> Bool {
        switch code {
        case 2, 4, 8, 10...19, 21, 22, 24, 28, 53, 55, 58, 59: return true
        default: return false
        }
    }

    private func needsRewrite() -> Bool {
        var index = 0
        while index < groupCount {
            if group(index).count > 1 { return true }
            switch first(index) {
            case let code where Self.needsRewrite(code: code): return true
            case 38, 48:
                switch first(index + 1) {
                case 5: index += 3
                case 2: index += 5
                default: index += 1
                }
            default: index += 1
            }
        }
        return false
    }

    /// Applies group `index` and returns how many groups it consumed.
    private mutating func apply(group index: Int, extras: inout PenExtras, vtermFont: inout Int) -> Int {
        let values = group(index)
        if values.count > 1 {
            applyColon(Array(values), extras: &extras)
            return 1
        }
        let value = first(index)
        switch value {
        case 0:
            extras = .none
            vtermFont = 0
            items.append([0])
        case 2: extras.dim = true
        case 22:
            extras.dim = false
            items.append([22])
        case 8: extras.conceal = true
        case 28: extras.conceal = false
        case 53: extras.overline = true
        case 55: extras.overline = false
        case 4, 21, 24:
            extras.underline = .other
            items.append([value])
        case 10...19, 59: break
        case 38, 48, 58: return applySemicolonColour(value, at: index)
        default: items.append([value])
        }
        return 1
    }

    /// `38;5;n`, `38;2;r;g;b` (and 48, 58): returns the groups consumed.
    private mutating func applySemicolonColour(_ which: Int, at index: Int) -> Int {
        switch first(index + 1) {
        case 5:
            guard index + 2 < groupCount else { return groupCount - index }
            if which != 58 { items.append([which, 5, first(index + 2)]) }
            return 3
        case 2:
            guard index + 4 < groupCount else { return groupCount - index }
            if which != 58 { items.append([which, 2, first(index + 2), first(index + 3), first(index + 4)]) }
            return 5
        default:
            return 1
        }
    }

    /// A colon group, as tmux's `input_csi_dispatch_sgr_colon` reads it.
    private mutating func applyColon(_ p: [Int], extras: inout PenExtras) {
        switch p[0] {
        case 4:
            switch p[1] {
            case 0, -1: items.append([24])
            case 1: items.append([4])
            case 2: items.append([21])
            case 3: items.append([4, 3])
            case 4, 5: items.append([4])
            default: return
            }
            extras.underline = p[1] == 4 ? .dotted : p[1] == 5 ? .dashed : .other
        case 38, 48:
            if p[1] == 5, p.count >= 3, (0...255).contains(p[2]) {
                items.append([p[0], 5, p[2]])
            } else if p[1] == 2, p.count >= 5 {
                let i = p.count == 5 ? 2 : 3
                guard p.count >= i + 3, p[i..<i + 3].allSatisfy({ (0...255).contains($0) }) else { return }
                items.append([p[0], 2, p[i], p[i + 1], p[i + 2]])
            }
        default: return
        }
    }

    /// `CSI … m` sequences carrying `items`, split so none has too many arguments.
    static func encode(_ items: [[Int]]) -> [UInt8] {
        var bytes: [UInt8] = []
        var arguments = 0
        for item in items {
            if arguments > 0 && arguments + item.count > maxArgumentsPerSequence {
                bytes.append(UInt8(ascii: "m"))
                arguments = 0
            }
            bytes += arguments == 0 ? [0x1B, UInt8(ascii: "[")] : [UInt8(ascii: ";")]
            for (position, value) in item.enumerated() {
                if position > 0 { bytes.append(item[0] == 4 ? UInt8(ascii: ":") : UInt8(ascii: ";")) }
                bytes += Array(String(value).utf8)
            }
            arguments += item.count
        }
        if arguments > 0 { bytes.append(UInt8(ascii: "m")) }
        return bytes
    }
}
