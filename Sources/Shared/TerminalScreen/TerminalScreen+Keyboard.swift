// What the user does, as the bytes the remote program expects. The screen has its own small
// vocabulary (`TerminalKey` for the named keys, characters with Ctrl or Alt, clicks, wheel steps,
// pastes); the client maps its one key type onto it (TUI's `TerminalScreen+AppKey.swift`), so this
// module needs nothing of the client and the server can hold the same emulator. Everything goes
// through libvterm's keyboard and mouse functions, so that the modes the program set
// (application cursor keys, bracketed paste, mouse protocol) are respected.
//
// Deliberate departures from libvterm 0.1.4's defaults, for what programs understand:
// - Ctrl with a letter (either case), space, @ [ \ ] ^ _ or ? is sent as the C0 control byte
//   (Alt prefixes ESC), as xterm does. libvterm would send `CSI <code>;5u` for Ctrl-I/J/M/[ and
//   for capitals, which shells and most programs do not understand.
// - Characters ignore Shift, and Alt with a non-ASCII character is ESC + its UTF-8.
// - A mouse click is sent as a press and a release, so the program never sees a button held down.

import CVTerm

extension TerminalScreen {
    /// The bytes a named key sends to the program, honouring the modes it set (cursor keys
    /// follow DECCKM).
    public func encode(_ key: TerminalKey) -> [UInt8] {
        switch key {
        case .enter: return encodeKey(VTERM_KEY_ENTER)
        case .escape: return encodeKey(VTERM_KEY_ESCAPE)
        case .tab: return encodeKey(VTERM_KEY_TAB)
        case .backTab: return encodeKey(VTERM_KEY_TAB, modifiers: .shift)
        case .backspace: return encodeKey(VTERM_KEY_BACKSPACE)
        case .delete: return encodeKey(VTERM_KEY_DEL)
        case .up: return encodeKey(VTERM_KEY_UP)
        case .down: return encodeKey(VTERM_KEY_DOWN)
        case .left: return encodeKey(VTERM_KEY_LEFT)
        case .right: return encodeKey(VTERM_KEY_RIGHT)
        case .home: return encodeKey(VTERM_KEY_HOME)
        case .end: return encodeKey(VTERM_KEY_END)
        case .pageUp: return encodeKey(VTERM_KEY_PAGEUP)
        case .pageDown: return encodeKey(VTERM_KEY_PAGEDOWN)
        case .shiftPageUp: return encodeKey(VTERM_KEY_PAGEUP, modifiers: .shift)
        case .shiftPageDown: return encodeKey(VTERM_KEY_PAGEDOWN, modifiers: .shift)
        case .insert: return encodeKey(VTERM_KEY_INS)
        case .function(let number):
            // F1…F255; anything else has no key.
            guard number >= 1, number <= 255 else { return [] }
            return encodeKey(VTermKey(rawValue: VTERM_KEY_FUNCTION_0.rawValue + UInt32(number)))
        }
    }

    /// The bytes of typed text: each character as its own key press.
    public func encode(text character: Character) -> [UInt8] {
        character.unicodeScalars.flatMap { encodeCharacter($0, modifiers: []) }
    }

    /// The bytes of a character typed with Ctrl (`C-x`) or with Alt (`M-x`), or both.
    public func encode(character: Character, ctrl: Bool, alt: Bool) -> [UInt8] {
        guard let scalar = character.unicodeScalars.first else { return [] }
        var modifiers: KeyModifiers = []
        if ctrl { modifiers.insert(.ctrl) }
        if alt { modifiers.insert(.alt) }
        return encodeCharacter(scalar, modifiers: modifiers)
    }

    private func encodeKey(_ key: VTermKey, modifiers: KeyModifiers = []) -> [UInt8] {
        let mods = VTermModifier(rawValue: UInt32(modifiers.rawValue))
        return captureOutput { vterm_keyboard_key(vt, key, mods) }
    }

    /// A character key. Shift is already part of the character (`A`, `!`), so it is dropped
    /// (libvterm would send `CSI 32;2u` for Shift+Space). libvterm truncates non-ASCII
    /// characters with Alt to one byte, so Alt+`é` is built here as ESC + UTF-8.
    private func encodeCharacter(_ scalar: Unicode.Scalar, modifiers: KeyModifiers) -> [UInt8] {
        let modifiers = modifiers.subtracting(.shift)
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

    /// A click at a cell (zero-based, clamped to the screen): the left button pressed and
    /// released. `[]` unless the program asked for mouse reports.
    public func encodeClick(row: Int, col: Int) -> [UInt8] {
        encodeMouse(row: row, col: col, button: .left, pressed: true)
            + encodeMouse(row: row, col: col, button: .left, pressed: false)
    }

    /// One wheel step at a cell: a press of button 4 (up) or 5 (down). `[]` unless the program
    /// asked for mouse reports.
    public func encodeWheel(up: Bool, row: Int, col: Int) -> [UInt8] {
        encodeMouse(row: row, col: col, button: up ? .wheelUp : .wheelDown, pressed: true)
    }

    /// A mouse event at `row`, `col` (zero-based screen cell, clamped to the screen): a press or
    /// release of `button`, or motion only when `button` is nil. Returns `[]` unless the program
    /// enabled mouse reporting (`mouseMode != .none`); the encoding (X10, SGR 1006, …) is the
    /// program's choice.
    func encodeMouse(
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
