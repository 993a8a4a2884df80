// Encoding keys, pastes and mouse events into the bytes the remote program expects, through
// libvterm's keyboard/mouse functions so that the modes the program set (application cursor
// keys, bracketed paste, mouse protocol) are respected.
//
// Two deliberate departures from libvterm 0.1.4's defaults, both for what programs understand:
// - Shift+Enter is sent as Alt+Enter (ESC CR). libvterm would send `CSI 13;2u`, which only
//   kitty-protocol programs parse; Claude Code reads ESC CR as "insert newline" (it is what its
//   /terminal-setup binds Shift+Enter to), and shells ignore it harmlessly.
// - Ctrl with a letter (either case), space, @ [ \ ] ^ _ or ? is sent as the C0 control byte
//   (Alt prefixes ESC), as xterm does. libvterm would send `CSI <code>;5u` for Ctrl-I/J/M/[ and
//   for capitals, which shells and most programs do not understand.
// - Characters ignore Shift, and Alt with a non-ASCII character is ESC + its UTF-8.

import CVTerm

extension TerminalScreen {
    /// The bytes for `key` with `modifiers`, honouring the program's keyboard modes.
    public func encode(_ key: TerminalKey, modifiers: KeyModifiers = []) -> [UInt8] {
        let mods = VTermModifier(rawValue: UInt32(modifiers.rawValue))
        switch key {
        case .character(let scalar):
            return encodeCharacter(scalar, modifiers: modifiers.subtracting(.shift))
        case .enter where modifiers.contains(.shift):
            let altOnly = VTermModifier(rawValue: UInt32(modifiers.subtracting(.shift).union(.alt).rawValue))
            return captureOutput { vterm_keyboard_key(vt, VTERM_KEY_ENTER, altOnly) }
        case .function(let number):
            guard number >= 1, number <= 255 else { return [] }
            let vkey = VTermKey(rawValue: VTERM_KEY_FUNCTION_0.rawValue + UInt32(number))
            return captureOutput { vterm_keyboard_key(vt, vkey, mods) }
        default:
            guard let vkey = Self.vtermKey(key) else { return [] }
            return captureOutput { vterm_keyboard_key(vt, vkey, mods) }
        }
    }

    /// A character key. Shift is already part of the character (`A`, `!`), so it is dropped
    /// (libvterm would send `CSI 32;2u` for Shift+Space). libvterm truncates non-ASCII
    /// characters with Alt to one byte, so Alt+`é` is built here as ESC + UTF-8.
    private func encodeCharacter(_ scalar: Unicode.Scalar, modifiers: KeyModifiers) -> [UInt8] {
        if modifiers.contains(.ctrl), let control = Self.controlByte(for: scalar) {
            return (modifiers.contains(.alt) ? [0x1B] : []) + [control]
        }
        if modifiers == .alt, !scalar.isASCII {
            return [0x1B] + Array(String(Character(scalar)).utf8)
        }
        let mods = VTermModifier(rawValue: UInt32(modifiers.rawValue))
        return captureOutput { vterm_keyboard_unichar(vt, scalar.value, mods) }
    }

    /// `text` as a paste: wrapped in `ESC [200~` … `ESC [201~` only when the program enabled
    /// bracketed paste. Line endings become CR (as xterm and VTE send them), and any end marker
    /// inside the text is removed so a paste cannot break out of the bracket.
    public func encodePaste(_ text: String) -> [UInt8] {
        let body = Self.pasteBody(text)
        let start = captureOutput { vterm_keyboard_start_paste(vt) }
        let end = captureOutput { vterm_keyboard_end_paste(vt) }
        return start + body + end
    }

    /// A mouse event at `row`, `col` (zero-based screen cell): a press or release of `button`,
    /// or motion only when `button` is nil. Returns `[]` unless the program enabled mouse
    /// reporting (`mouseMode != .none`); the encoding (X10, SGR 1006, …) is the program's choice.
    public func encodeMouse(
        row: Int, col: Int, button: MouseButton?, pressed: Bool, modifiers: KeyModifiers = []
    ) -> [UInt8] {
        guard sink.mouseMode != .none else { return [] }
        let mods = VTermModifier(rawValue: UInt32(modifiers.rawValue))
        let clampedRow = Int32(min(max(row, 0), rows - 1))
        let clampedCol = Int32(min(max(col, 0), cols - 1))
        return captureOutput {
            vterm_mouse_move(vt, clampedRow, clampedCol, mods)
            if let button { vterm_mouse_button(vt, button.rawValue, pressed, mods) }
        }
    }

    static func controlByte(for scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "a"..."z": return UInt8(scalar.value - 0x60)
        case "@"..."_": return UInt8(scalar.value - 0x40)
        case " ": return 0x00
        case "?": return 0x7F
        default: return nil
        }
    }

    static func vtermKey(_ key: TerminalKey) -> VTermKey? {
        switch key {
        case .enter: return VTERM_KEY_ENTER
        case .tab: return VTERM_KEY_TAB
        case .backspace: return VTERM_KEY_BACKSPACE
        case .escape: return VTERM_KEY_ESCAPE
        case .up: return VTERM_KEY_UP
        case .down: return VTERM_KEY_DOWN
        case .left: return VTERM_KEY_LEFT
        case .right: return VTERM_KEY_RIGHT
        case .home: return VTERM_KEY_HOME
        case .end: return VTERM_KEY_END
        case .pageUp: return VTERM_KEY_PAGEUP
        case .pageDown: return VTERM_KEY_PAGEDOWN
        case .insert: return VTERM_KEY_INS
        case .delete: return VTERM_KEY_DEL
        case .character, .function: return nil
        }
    }

    static func pasteBody(_ text: String) -> [UInt8] {
        var normalized = text.replacingAll("\r\n", with: "\r")
        normalized = normalized.replacingAll("\n", with: "\r")
        normalized = normalized.replacingAll("\u{1B}[201~", with: "")
        return Array(normalized.utf8)
    }
}

extension String {
    /// Replaces every occurrence of `target` (compared by Unicode scalars, so CR LF is not
    /// treated as one character).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.unicodeScalars)
        let scalars = Array(unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index...].starts(with: needle) {
                result.append(contentsOf: replacement.unicodeScalars)
                index += needle.count
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }
}
