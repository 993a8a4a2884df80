// TUI: everything that touches ncurses and the terminal's bytes: the Surface (the only ncurses
// caller), the Compositor and frame writer (SGR output), key and mouse decoding, the views.
// Must not import: ClientNetwork, ClientRuntime, any server module, NIO. It draws what ClientCore
// decided and the TerminalScreens it is handed; it opens no socket.
// Data flow: scene(State) + TerminalScreen cells -> Compositor -> Surface -> the user's terminal.
