// ClientNetwork: the client's I/O with servers: REST, the event socket, PTY sockets (each with its
// state machine from ClientCore), TLS trust, API keys, the local cache of server state.
// Must not import: TUI, ClientRuntime, TerminalScreen, any server module, ncurses, libvterm.
// Data flow: sockets -> decoded ClaudePMProtocol values -> the runtime's queue; Effects -> sends.
