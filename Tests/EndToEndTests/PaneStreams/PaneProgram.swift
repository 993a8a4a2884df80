// Screen programs for the pane-stream fidelity tests: each runs in a window of the demo's tmux
// session, is adopted by discovery, and exercises one part of the snapshot seam.
import Foundation

/// A program run in a pane, and when its screen is ready to compare.
struct PaneProgram: Sendable {
    var name: String
    /// The shell command (run by `/bin/sh -c`).
    var command: String
    /// Text the pane shows once the program has drawn (compare after it appears).
    var ready: String

    static let esc = "\\033"

    /// Output already on screen before anyone attaches, with colours and attributes.
    static let before = PaneProgram(
        name: "before",
        command: #"printf '\033[1;31mbold red\033[0m \033[4;38;5;202munder 202\033[0m \033[7mreverse\033[0m\n'"#
            + #"; printf '漢字 wide é combining\n'; printf 'READY-before\n'; exec cat"#,
        ready: "READY-before")

    /// The alternate screen with mouse reporting on (as a full-screen TUI leaves it).
    static let alternateMouse = PaneProgram(
        name: "alt-mouse",
        command: #"printf 'primary line\n'; printf '\033[?1049h\033[?1002h\033[?1006h\033[2J\033[3;5H'"#
            + #"; printf '\033[1;32min alt\033[0m READY-alt'; exec sleep 600"#,
        ready: "READY-alt")

    /// A scroll region with lines scrolled inside it, the cursor left within it.
    static let scrollRegion = PaneProgram(
        name: "region",
        command:
            #"printf 'top fixed\n'; printf '\033[2;6r\033[6;1H'; for i in 1 2 3 4 5 6 7 8 9; do printf 'r%s\n' $i; done"#
            + #"; printf '\033[1;1HREADY-region'; printf '\033[5;3H'; exec sleep 600"#,
        ready: "READY-region")

    /// A 24-bit colour gradient, background and foreground.
    static let truecolor = PaneProgram(
        name: "truecolor",
        command:
            #"for i in 0 40 80 120 160 200 240; do printf '\033[48;2;%d;60;%dm \033[38;2;250;%d;10mX\033[0m' $i $((255-i)) $i; done"#
            + #"; printf '\nREADY-truecolor\n'; exec cat"#,
        ready: "READY-truecolor")

    /// vim on a file, no vimrc, no swap file.
    static func vim(file: String) -> PaneProgram {
        PaneProgram(name: "vim", command: "exec vim -u NONE -N -n -c 'set number' \(file)", ready: "READY-file")
    }

    /// less on a file.
    static func less(file: String) -> PaneProgram {
        PaneProgram(name: "less", command: "exec less \(file)", ready: "READY-file")
    }

    /// A pane that prints while the snapshot is taken, then stops.
    static let printing = PaneProgram(
        name: "printing",
        command: "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); echo \"p$i\"; done; echo READY-printing; exec cat",
        ready: "READY-printing")
}
