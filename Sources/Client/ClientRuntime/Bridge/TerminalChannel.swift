// The UI loop's handle on one session's terminal stream (a PTY WebSocket in ClientNetwork).

/// A terminal stream: input, resize, close. Output arrives as `RuntimeEvent`s.
protocol TerminalChannel: Sendable {
    /// Sends typed or pasted text (already encoded for the remote program).
    func input(_ text: String)
    /// Tells the remote the terminal size (the stream debounces).
    func resize(cols: Int, rows: Int)
    /// Switches the same stream between watching (`readOnly`) and interactive at this size;
    /// only for a pane stream (our server's extension), which already shows what attach needs.
    func setAccess(readOnly: Bool, cols: Int, rows: Int)
    /// Asks the remote to size its window to `cols`×`rows` at once, also where it leaves
    /// windows alone otherwise (the resize key; tmux's `window-size manual`).
    func fit(cols: Int, rows: Int)
    /// Tries at once if the stream waits to reconnect.
    func retryNow()
    /// Detaches and closes the stream.
    func close()
}
