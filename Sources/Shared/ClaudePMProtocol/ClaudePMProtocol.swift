// ClaudePMProtocol: the Claude PM wire contract, shared by client and server: REST resources,
// WebSocket messages (both directions) with upstream's validation rules, their JSON coding and
// limits. Pure: no I/O, no clocks, no threads.
// Must not import: any other claudepm module, NIO, Hummingbird, GRDB, ncurses, libvterm.
// Data flow: bytes from a socket -> ClaudePMProtocol values -> ClientCore (client) or ServerCore/
// ServerHTTP (server), and back.
