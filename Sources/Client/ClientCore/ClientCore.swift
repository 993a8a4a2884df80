// ClientCore: the client's state and decisions, pure: AppState and reduce(State, Event) ->
// (State, [Effect]), configuration, notification policy, triage, the reconnect and PTY state
// machines (clocks injected), layout and the scene the TUI draws.
// Must not import: ClientNetwork, ClientRuntime, TUI, TerminalScreen, any server module, NIO,
// ncurses, libvterm. Only ClaudePMProtocol and Foundation.
// Data flow: Event (keys, frames, timers) -> reduce -> State + Effects; scene(State) -> TUI.
