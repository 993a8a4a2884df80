// The client's one key type (ClientCore's `AppKey`) encoded for the remote program by the
// session's TerminalScreen: the TUI decodes keys, `reduce` routes them, and in full-screen attach
// this maps each onto the screen's own vocabulary, which knows the program's modes.
import ClientCore
import TerminalScreen

extension TerminalScreen {
    /// The bytes `key` sends to the program, honouring the modes it set: cursor keys follow
    /// DECCKM, a paste is bracketed only when it enabled bracketed paste, and a mouse event gives
    /// bytes only while it asked for mouse reports. A focus change gives nothing.
    public func encode(_ key: AppKey) -> [UInt8] {
        switch key {
        case .char(let character): return encode(text: character)
        case .ctrl(let character): return encode(character: character, ctrl: true, alt: false)
        case .alt(let character): return encode(character: character, ctrl: false, alt: true)
        case .mouse(let event): return encode(event)
        case .paste(let text): return encodePaste(text)
        case .focus: return []
        case .enter, .escape, .tab, .backTab, .backspace, .delete, .up, .down, .left, .right, .home, .end, .pageUp,
            .pageDown, .insert, .shiftPageUp, .shiftPageDown, .function:
            return Self.terminalKey(key).map { encode($0) } ?? []
        }
    }

    private func encode(_ event: MouseEvent) -> [UInt8] {
        switch event.kind {
        case .press: return encodeClick(row: event.row, col: event.col)
        case .wheelUp: return encodeWheel(up: true, row: event.row, col: event.col)
        case .wheelDown: return encodeWheel(up: false, row: event.row, col: event.col)
        }
    }

    /// The named key an `AppKey` is, nil for characters, mouse, paste and focus events.
    static func terminalKey(_ key: AppKey) -> TerminalKey? {
        switch key {
        case .enter: return .enter
        case .escape: return .escape
        case .tab: return .tab
        case .backTab: return .backTab
        case .backspace: return .backspace
        case .delete: return .delete
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .home: return .home
        case .end: return .end
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .insert: return .insert
        case .shiftPageUp: return .shiftPageUp
        case .shiftPageDown: return .shiftPageDown
        case .function(let number): return .function(number)
        case .char, .ctrl, .alt, .mouse, .paste, .focus: return nil
        }
    }
}
