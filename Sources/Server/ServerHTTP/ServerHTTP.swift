// ServerHTTP: the thin HTTP and WebSocket layer of claudepm-server (Hummingbird): routes, auth,
// CORS/ETag middleware, the WebSocket endpoint and hub, PTY and pane streams to sockets, metrics.
// Must not import: any client module (ClientCore, ClientNetwork, ClientRuntime, TUI), ncurses,
// libvterm.
// Data flow: requests and frames -> ServerCore services; bus events and pane bytes -> sockets.
