// docs/keys.md is generated from the keymaps (a test keeps the file in step), so the manual,
// the `?` overlay and the behaviour share one source of truth.

extension Keymap {
    /// The key reference as Markdown, for every view, with `detach` as the detach key.
    public static func markdown(detach: DetachKey = .default) -> String {
        var out = """
            # claudepm keys

            Generated from `Sources/Client/ClientCore/App/Keymap.swift` (the `?` overlay shows the same table for the
            current view). Keys follow tmux and vim: `C-x` is Ctrl+x, `S-` is Shift, `g s` means `g` then `s`.

            **Detach key.** In a full-screen attach every key goes to the session except the detach key,
            `C-]` by default (telnet's escape; it collides with neither XON/XOFF `C-q`/`C-s` nor tmux's `C-b`).
            Change it with `detach_key = "C-g"` in `[ui]` of the config file or `--detach-key C-g`; `C-q`,
            `C-s`, `C-c`, `C-d`, `C-z`, Tab, Enter, Esc and Backspace are refused.

            **Banners while attached.** Banners about the attached session stay quiet; a banner about another
            session shows on the top row, and `C-\\` (or `C-^` when `C-\\` is the detach key) jumps there. The key
            is taken only while such a banner shows; otherwise it goes to the session like any other.

            **A pane at a size of its own.** On claudepm-server, attaching sizes the session's tmux
            window to the terminal, and detaching, quitting or a lost connection puts it back exactly
            as it was. Under tmux's `window-size manual` nothing is resized: the pane shows at its own
            size (cropped around its newest lines and the cursor when it is larger than the terminal)
            and the status line says `pane WxH  C-^ fit`. `C-^` (or `C-_` when `C-^` is the detach or
            the jump key) then sizes the window to the terminal, as tmux's `resize-window -A` would,
            until you detach; the key is taken only while the pane shows at a size of its own.

            **Help** (`?`) lists the keys that work everywhere first, then those of the view it opened
            over. When the list is taller than the screen it scrolls: `j`/`k` or Up/Down a line, PgDn/PgUp
            (or Space, `C-f`/`C-b`) a page, `g`/`G` (Home/End) to either end, and the border says how many
            lines are above and below; any other key closes it (any key at all when it fits).

            **Escape.** A lone Esc counts as the Escape key once 25 ms pass with nothing after it; Esc and
            a key read together are the Alt chord. The time is counted from when the Esc arrived: a thread
            of its own reads the terminal and stamps each read as it comes, so Esc then `q` typed apart stay
            two keys under any output flood, even when the UI loop is kept off the CPU and takes both at once.

            **Command line** (`:`): `:sessions`, `:board`, `:notifications`, `:next`, `:read` (mark all read),
            `:clear` (clear all notifications), `:help`, `:quit` (asks when attached), `:quit!`.

            **Filter** (`/` in the session list): each typed key narrows the list and the wall to the sessions
            whose name, project, ticket key, pane command or id contains the text (case-insensitive). Up/Down
            move among the matches while typing; Enter keeps the filter (the footer shows
            `filter: <text> · N of M`) and `/` edits it again; Esc clears it, while typing or after.

            **Find** (`f` in the session list) searches the scrollback and screen of every live session the
            list shows (on every server; the first 64, and the tiles on the wall) as you type, case-insensitive.
            Each hit names its session and shows its line. Up/Down (or `C-p`/`C-n`) move, Enter attaches to the
            session in scrollback mode on that match (`n`/`N` go on, `q` goes live), Esc closes.

            **Board actions ask first**: `s` (start a session), `a` (approve), `m`/`M` (move) open a `Confirm`
            box naming the ticket; `y` does it, any other key cancels. `x` (reject) asks for its feedback.

            **Banners** about a waiting prompt, and urgent ones, stay until answered (`y`/`n`), dismissed (`d`),
            or the session stops waiting; other banners go after 5 s. While a banner shows, `y`/`n` are its own:
            they answer its permission prompt; on a question (or any other wait) they open the answer box
            (Enter sends the text to that prompt, Esc closes it); a banner about no prompt takes no answer.
            For a moment after a banner appears, changes or goes away (1 s; `answer_grace_ms` in `[ui]`),
            `y`/`n` answer nothing and say so (`the banner just changed: read it, then press y again`); the
            banner offers `y/n answer` (`y/n reply` on a question) once they work. Without a banner, `y`/`n`
            answer the selected session's latest permission prompt, unless it appeared there that moment.

            **Answers** are named on the status line when they go out and when they end (`approving API-001:
            permission…`, then `approved API-001: permission`, `answer to API-001: permission not sent: …`,
            or `answer to API-001: permission may not have arrived (…)`). Each prompt takes one answer: a
            second `y` says `already approved API-001: permission: nothing sent`. An answer that may not have
            arrived, or was not sent, may be given again; claudepm-server types a repeat of the same prompt
            only once. Nothing is sent to a server that is not connected.

            **Detaching** returns to the view the attach was opened from (the board after `v`).

            **Read-only** (`--read-only`, or `read_only = true` for a server): the keys that would change a
            server — anything typed in an attached session, `y`/`n`, `s`/`a`/`x`/`m`/`M` on the board, `C` and
            `:clear` — are refused with a flash (`read-only: answer not sent`); every other key works.

            **Mouse**: click a row or tile to select it, click it again to attach; the wheel moves the selection
            (and scrolls back in an attached session).

            """
        for view in KeyView.allCases {
            out += "\n## \(view.title)\n\n| Keys | Action |\n| --- | --- |\n"
            for binding in bindings(view, detach: detach) {
                let keys = binding.sequences.map { "`\($0.map(\.description).joined(separator: " "))`" }
                out += "| \(keys.joined(separator: ", ")) | \(binding.help) |\n"
            }
        }
        return out
    }
}
