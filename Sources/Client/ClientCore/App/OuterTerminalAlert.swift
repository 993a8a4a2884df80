// Alerts for the terminal *around* claudepm: BEL, OSC 9 (iTerm2, Windows Terminal, kitty…) and
// OSC 777 (urxvt, foot, VTE). Inside tmux they are wrapped for passthrough
// (`ESC Ptmux; … ESC \` with every ESC doubled), so they reach the outer terminal
// (tmux needs `allow-passthrough on`). The runtime writes the bytes; this builds them.

/// Byte sequences that ring or notify the outer terminal.
public enum OuterTerminalAlert {
    /// BEL, plus OSC 9 and OSC 777 notifications when `desktop`, each wrapped for tmux when
    /// `insideTmux`. Control characters in `title`/`body` are dropped so they cannot end the
    /// sequence early.
    public static func bytes(title: String, body: String, desktop: Bool, insideTmux: Bool) -> [UInt8] {
        var out: [UInt8] = [0x07]
        guard desktop else { return out }
        let t = sanitize(title)
        let b = sanitize(body)
        let osc9 = Array("\u{1B}]9;\(t): \(b)\u{07}".utf8)
        let osc777 = Array("\u{1B}]777;notify;\(t);\(b)\u{07}".utf8)
        for sequence in [osc9, osc777] {
            out += insideTmux ? wrapForTmux(sequence) : sequence
        }
        return out
    }

    /// `sequence` wrapped in a tmux DCS passthrough with its ESC bytes doubled.
    public static func wrapForTmux(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, 0x5C]
        return out
    }

    /// True when `environment` says the process runs inside tmux.
    public static func isInsideTmux(environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    private static func sanitize(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != ";" }))
    }
}
