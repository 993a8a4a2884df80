// What the user does, as the bytes the remote program expects. Keys, pastes and mouse events
// arrive as ClientCore's `AppKey` (the one key type: the TUI decodes it, the model routes it,
// this file encodes it) and go through libvterm's keyboard and mouse functions, so that the modes
// the program set (application cursor keys, bracketed paste, mouse protocol) are respected.
//
// Deliberate departures from libvterm 0.1.4's defaults, for what programs understand:
// - Ctrl with a letter (either case), space, @ [ \ ] ^ _ or ? is sent as the C0 control byte
//   (Alt prefixes ESC), as xterm does. libvterm would send `CSI <code>;5u` for Ctrl-I/J/M/[ and
//   for capitals, which shells and most programs do not understand.
// - Characters ignore Shift, and Alt with a non-ASCII character is ESC + its UTF-8.
// - A mouse click (the TUI decodes presses only) is sent as a press and a release, so the
//   program never sees a button held down.

import CVTerm
import ClientCore

extension TerminalScreen {
    /// The bytes `key` sends to the program, honouring the modes it set: cursor keys follow
    /// DECCKM, a paste is bracketed only when it enabled bracketed paste, and a mouse event gives
    /// bytes only while it asked for mouse reports. A focus change gives nothing.
    public func encode(_ key: AppKey) -> [UInt8] {
        switch key {
        case .char(let character): return character.unicodeScalars.flatMap { encodeCharacter($0, modifiers: []) }
        case .ctrl(let character):
            return character.unicodeScalars.first.map { encodeCharacter($0, modifiers: .ctrl) } ?? []
        case .alt(let character):
            return character.unicodeScalars.first.map { encodeCharacter($0, modifiers: .alt) } ?? []
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
        case .mouse(let event): return encodeMouse(event)
        case .paste(let text): return encodePaste(text)
        case .focus: return []
        }
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
    func encodePaste(_ text: String) -> [UInt8] {
        let body = Self.pasteBody(text)
        let start = captureOutput { vterm_keyboard_start_paste(vt) }
        let end = captureOutput { vterm_keyboard_end_paste(vt) }
        return start + body + end
    }

    /// A decoded mouse event: a click is the left button pressed and released at the cell, a
    /// wheel step is a press of button 4 or 5.
    private func encodeMouse(_ event: MouseEvent) -> [UInt8] {
        switch event.kind {
        case .press:
            return encodeMouse(row: event.row, col: event.col, button: .left, pressed: true)
                + encodeMouse(row: event.row, col: event.col, button: .left, pressed: false)
        case .wheelUp: return encodeMouse(row: event.row, col: event.col, button: .wheelUp, pressed: true)
        case .wheelDown: return encodeMouse(row: event.row, col: event.col, button: .wheelDown, pressed: true)
        }
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
