// What a tmux control-mode client (`tmux -C attach`) reports, one value per protocol line or
// reply block. Pane output arrives already unescaped (tmux escapes bytes below space and `\` as
// octal `\ooo`).

/// One event read from a tmux control-mode client.
public enum ControlEvent: Sendable, Equatable {
    /// The reply to a command this client sent (`%begin … %end` or `%begin … %error`), in the
    /// order the commands were sent.
    case reply(ControlReply)
    /// The end of a reply block this client did not ask for (FLAGS 0): the `attach-session` it
    /// was started with. tmux reads a control client's commands from the moment it connects,
    /// possibly BEFORE that attach ran, and a command run then sees a client with no session:
    /// output read between it and the attach is never sent. So commands wait for this.
    case attached(success: Bool)
    /// Bytes a pane wrote (`%output` or `%extended-output`).
    case output(pane: String, data: [UInt8])
    /// tmux stopped sending a pane's output because this client fell behind (`%pause`).
    case pause(pane: String)
    /// Output of a pane resumes (`%continue`); what it wrote meanwhile was not sent.
    case resume(pane: String)
    /// A pane's window layout changed (`%layout-change @W …`): panes may have been resized,
    /// created or closed.
    case layoutChange(window: String)
    /// A window was linked to the attached session (`%window-add`).
    case windowAdd(window: String)
    /// A window of the attached session closed (`%window-close`), or one of another session
    /// (`%unlinked-window-close`).
    case windowClose(window: String)
    /// Sessions were created or destroyed (`%sessions-changed`), or the client's session
    /// changed (`%session-changed`).
    case sessionsChanged
    /// A pane entered or left a mode such as copy mode (`%pane-mode-changed`).
    case paneModeChanged(pane: String)
    /// The client is exiting (`%exit [reason]`): the session was destroyed, the server exited…
    case exit(reason: String?)
    /// Any other notification, kept for logging.
    case other(String)
}

/// The reply to one command.
public struct ControlReply: Sendable, Equatable {
    /// True for `%end`, false for `%error`.
    public var success: Bool
    /// The lines the command printed, without their newlines, as raw bytes.
    public var lines: [[UInt8]]

    /// A reply.
    public init(success: Bool, lines: [[UInt8]]) {
        self.success = success
        self.lines = lines
    }

    /// The lines as text (invalid UTF-8 repaired).
    public var text: [String] { lines.map { String(decoding: $0, as: UTF8.self) } }
}
