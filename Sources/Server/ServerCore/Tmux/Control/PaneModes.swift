// Terminal modes tmux 3.3a keeps for a pane but does not report through formats: bracketed
// paste (2004) and focus events (1004). They are followed in the pane's own output while the
// server watches it (a small scanner over `%output` bytes), so a snapshot can restore them.

/// Modes followed from a pane's output.
public struct PaneModes: Sendable, Equatable {
    public var bracketedPaste = false
    public var focusEvents = false

    /// Nothing set.
    public init(bracketedPaste: Bool = false, focusEvents: Bool = false) {
        self.bracketedPaste = bracketedPaste
        self.focusEvents = focusEvents
    }

    /// Follows `ESC [ ? 2004 h/l` and `ESC [ ? 1004 h/l` (also inside combined lists such as
    /// `ESC [ ? 1004 ; 2004 h`) in `bytes`. A sequence split across two chunks is missed;
    /// a reset (`ESC c`) clears both.
    public mutating func scan(_ bytes: [UInt8]) {
        var i = 0
        while let esc = bytes[i...].firstIndex(of: 0x1B) {
            i = esc + 1
            guard i < bytes.count else { return }
            if bytes[i] == UInt8(ascii: "c") {
                self = PaneModes()
                continue
            }
            guard bytes[i] == UInt8(ascii: "["), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") else {
                continue
            }
            var j = i + 2
            var numbers: [Int] = []
            var current = 0
            while j < bytes.count, j - i < 32 {
                let b = bytes[j]
                if b >= 0x30, b <= 0x39 {
                    current = current * 10 + Int(b - 0x30)
                } else if b == UInt8(ascii: ";") {
                    numbers.append(current)
                    current = 0
                } else {
                    break
                }
                j += 1
            }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "h") || bytes[j] == UInt8(ascii: "l") else { continue }
            numbers.append(current)
            let on = bytes[j] == UInt8(ascii: "h")
            if numbers.contains(2004) { bracketedPaste = on }
            if numbers.contains(1004) { focusEvents = on }
            i = j
        }
    }
}
