// Escape sequences a terminal sends for keys and SGR mouse reports (xterm conventions).

import ClientCore

enum EscapeSequence {
    /// Decodes a sequence starting with ESC; nil if incomplete.
    static func decode(_ bytes: [UInt8]) -> (AppKey?, Int)? {
        guard bytes.count >= 2 else { return nil }
        switch bytes[1] {
        case UInt8(ascii: "["): return decodeCSI(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (ss3(bytes[2]), 3)
        case 0x1B: return (.escape, 1)
        default:
            guard let (key, used) = KeyDecoder.decodeOne(Array(bytes.dropFirst())), let key else { return nil }
            if case .char(let c) = key { return (.alt(c), used + 1) }
            return (key, used + 1)
        }
    }

    private static func ss3(_ final: UInt8) -> AppKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        case UInt8(ascii: "M"): .enter
        default: nil
        }
    }

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private static func decodeCSI(_ bytes: [UInt8]) -> (AppKey?, Int)? {
        if bytes.starts(with: pasteStart) { return paste(bytes) }
        if pasteStart.starts(with: bytes) { return nil }
        if bytes.count >= 3, bytes[2] == UInt8(ascii: "M") { return x10Mouse(bytes) }
        var end = 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return bytes.count > 32 ? (nil, bytes.count) : nil }
        let params = String(decoding: bytes[2..<end], as: UTF8.self)
        let final = bytes[end]
        let used = end + 1
        if params.hasPrefix("<") { return (mouse(params.dropFirst(), final: final), used) }
        let numbers = params.split(separator: ";").map { Int($0) ?? 0 }
        let modifier = numbers.count > 1 ? numbers[1] : 1
        switch final {
        case UInt8(ascii: "A"): return (.up, used)
        case UInt8(ascii: "B"): return (.down, used)
        case UInt8(ascii: "C"): return (.right, used)
        case UInt8(ascii: "D"): return (.left, used)
        case UInt8(ascii: "H"): return (.home, used)
        case UInt8(ascii: "F"): return (.end, used)
        case UInt8(ascii: "Z"): return (.backTab, used)
        case UInt8(ascii: "I") where params.isEmpty: return (.focus(true), used)
        case UInt8(ascii: "O") where params.isEmpty: return (.focus(false), used)
        case UInt8(ascii: "~"): return (tilde(numbers.first ?? 0, shifted: modifier == 2), used)
        default: return (nil, used)
        }
    }

    private static func tilde(_ code: Int, shifted: Bool) -> AppKey? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return shifted ? .shiftPageUp : .pageUp
        case 6: return shifted ? .shiftPageDown : .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    /// A bracketed paste; nil until the end marker has arrived.
    private static func paste(_ bytes: [UInt8]) -> (AppKey?, Int)? {
        let body = bytes[pasteStart.count...]
        guard let end = body.firstRange(of: pasteEnd) else { return nil }
        let text = String(decoding: body[..<end.lowerBound], as: UTF8.self)
        return (.paste(text), end.upperBound)
    }

    /// X10/normal mouse: `CSI M b x y`, each byte offset by 32 (what ncurses turns on).
    private static func x10Mouse(_ bytes: [UInt8]) -> (AppKey?, Int)? {
        guard bytes.count >= 6 else { return nil }
        let (button, col, row) = (Int(bytes[3]) - 32, Int(bytes[4]) - 33, Int(bytes[5]) - 33)
        let kind: MouseEvent.Kind?
        switch button & ~(4 | 8 | 16) {
        case 0: kind = .press
        case 64: kind = .wheelUp
        case 65: kind = .wheelDown
        default: kind = nil
        }
        return (kind.map { .mouse(MouseEvent(kind: $0, row: row, col: col)) }, 6)
    }

    /// SGR mouse: `CSI < button ; col ; row M` (press) or `m` (release), 1-based.
    private static func mouse(_ params: Substring, final: UInt8) -> AppKey? {
        let parts = params.split(separator: ";").compactMap { Int($0) }
        guard parts.count == 3, final == UInt8(ascii: "M") else { return nil }
        let (button, col, row) = (parts[0], parts[1] - 1, parts[2] - 1)
        switch button & ~(4 | 8 | 16) {
        case 0: return .mouse(MouseEvent(kind: .press, row: row, col: col))
        case 64: return .mouse(MouseEvent(kind: .wheelUp, row: row, col: col))
        case 65: return .mouse(MouseEvent(kind: .wheelDown, row: row, col: col))
        default: return nil
        }
    }
}
