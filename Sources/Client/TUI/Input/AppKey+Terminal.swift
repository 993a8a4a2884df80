// AppKey → what the remote program should receive. The runtime passes the result to
// `TerminalScreen.encode`, which knows the remote's cursor-key and keypad modes.

import ClientCore
import TerminalScreen

extension AppKey {
    /// The terminal key and modifiers for this key, or nil for keys that have none (mouse).
    public var terminalKey: (key: TerminalKey, modifiers: KeyModifiers)? {
        switch self {
        case .char(let c): return c.unicodeScalars.first.map { (.character($0), []) }
        case .ctrl(let c): return c.unicodeScalars.first.map { (.character($0), [.ctrl]) }
        case .alt(let c): return c.unicodeScalars.first.map { (.character($0), [.alt]) }
        case .enter: return (.enter, [])
        case .escape: return (.escape, [])
        case .tab: return (.tab, [])
        case .backTab: return (.tab, [.shift])
        case .backspace: return (.backspace, [])
        case .delete: return (.delete, [])
        case .up: return (.up, [])
        case .down: return (.down, [])
        case .left: return (.left, [])
        case .right: return (.right, [])
        case .home: return (.home, [])
        case .end: return (.end, [])
        case .pageUp: return (.pageUp, [])
        case .pageDown: return (.pageDown, [])
        case .shiftPageUp: return (.pageUp, [.shift])
        case .shiftPageDown: return (.pageDown, [.shift])
        case .insert: return (.insert, [])
        case .function(let n): return (.function(n), [])
        case .mouse, .paste, .focus: return nil
        }
    }

    /// The bytes to send for this key to `screen`'s program: pastes are bracketed when the
    /// program asked for it; mouse and focus events give nothing.
    public func encoded(for screen: TerminalScreen) -> [UInt8] {
        if case .paste(let text) = self { return screen.encodePaste(text) }
        guard let (key, modifiers) = terminalKey else { return [] }
        if case .ctrl(let c) = self, let byte = self.controlByte, c.isASCII { return [byte] }
        return screen.encode(key, modifiers: modifiers)
    }
}
