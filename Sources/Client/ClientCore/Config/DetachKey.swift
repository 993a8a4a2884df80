// The key that leaves a full-screen attached session. It must be a single control byte that
// terminals pass through: Ctrl-Q and Ctrl-S are eaten by XON/XOFF flow control on many setups
// (claude-squad #119, agent-deck #361), so they are refused.

/// A control-key chord written like tmux does (`C-]`), with the byte the terminal sends for it.
public struct DetachKey: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The spelling, normalised to `C-x` with a lowercase letter.
    public let spec: String
    /// The byte a terminal sends for the chord (0x00–0x1F).
    public let byte: UInt8

    /// The default: `C-]` (0x1D), the same as telnet's escape key; it collides with neither flow
    /// control nor tmux's default prefix `C-b`.
    public static let `default` = DetachKey(spec: "C-]", byte: 0x1D)

    private init(spec: String, byte: UInt8) {
        self.spec = spec
        self.byte = byte
    }

    /// Parses `C-x` or `^x` where x is a letter or one of `@ [ \ ] ^ _`; nil otherwise.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace()
        let body: Substring
        if trimmed.hasPrefix("C-") || trimmed.hasPrefix("c-") {
            body = trimmed.dropFirst(2)
        } else if trimmed.hasPrefix("^") {
            body = trimmed.dropFirst(1)
        } else {
            return nil
        }
        guard body.count == 1, let scalar = body.unicodeScalars.first, scalar.isASCII else { return nil }
        let upper = Character(scalar).uppercased().unicodeScalars.first?.value ?? scalar.value
        guard (0x40...0x5F).contains(upper) else { return nil }
        let byte = UInt8(upper - 0x40)
        let shown = Character(scalar).lowercased()
        self.init(spec: "C-" + shown, byte: byte)
    }

    /// Why this chord cannot be used, or nil if it can.
    public var rejectionReason: String? {
        switch byte {
        case 0x11, 0x13: return "\(spec) is used for XON/XOFF flow control and often never reaches programs"
        case 0x0D, 0x0A, 0x09, 0x1B, 0x08, 0x7F:
            return "\(spec) is Enter, Tab, Escape or Backspace, which sessions need"
        case 0x03, 0x04, 0x1A: return "\(spec) is needed by the programs inside sessions (interrupt/EOF/suspend)"
        default: return nil
        }
    }

    public var description: String { spec }
}
