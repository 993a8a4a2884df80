// ServerCore: the server without HTTP: sessions as tmux panes (commands, pane streams over tmux
// control mode, waiting detection), projects and tickets from files, notifications, the SQLite
// store and the event bus.
// Must not import: ServerHTTP, Hummingbird, NIO, any client module (ClientCore, ClientNetwork,
// ClientRuntime, TUI), ncurses.
// Data flow: tmux and hooks -> ServerCore services -> events on the bus -> ServerHTTP.
