// A claudepm-side viewer of one pane stream: ClientNetwork's PTYConnection (the WebSocket the
// TUI uses) feeding a TerminalScreen exactly as the runtime does (snapshot: reset, resize, feed).
import ClientCore
import ClientNetwork
import Foundation
import TerminalScreen
import TestSupport

/// Feeds a session's pane stream into an emulator.
actor PaneViewer: Stoppable {
    let screen = TerminalScreen(rows: 24, cols: 80, scrollbackLimit: 50_000)
    private(set) var snapshots = 0
    private let connection: PTYConnection
    private var task: Task<Void, Never>?

    init(server: ServerConfig, sessionId: String, readOnly: Bool = true) {
        var configuration = PTYConnectionMachine.Configuration()
        configuration.readOnly = readOnly
        configuration.selectPaneOnAttach = false
        configuration.paneStream = true
        connection = PTYConnection(
            server: server, apiKey: nil, tls: nil, sessionId: sessionId, configuration: configuration)
    }

    func start(cols: Int = 100, rows: Int = 30) async {
        await connection.open(cols: cols, rows: rows)
        let output = connection.output
        task = Task { [weak self] in
            for await event in output { await self?.apply(event) }
        }
    }

    func type(_ text: String) async { await connection.input(text) }

    func stop() async {
        await connection.shutdown()
        task?.cancel()
    }

    private func apply(_ event: PTYOutput) {
        switch event {
        case .snapshot(let cols, let rows, let bytes):
            snapshots += 1
            screen.reset(hard: true)
            screen.resize(rows: rows, cols: cols)
            screen.feed(bytes)
        case .bytes(let bytes): screen.feed(bytes)
        default: break
        }
    }

    func read<T: Sendable>(_ body: (TerminalScreen) -> T) -> T { body(screen) }
}

/// Cells as comparable text: characters, attributes and colours of every visible cell. A cell
/// never written and a space look alike (a capture writes both as a space); which one the stream
/// holds depends on whether the server's mirror saw the bytes or seeded from a capture.
enum CellDump {
    static func rows(_ screen: TerminalScreen) -> [String] {
        (0..<screen.rows).map { r in
            screen.row(r).map { "\($0.text.isEmpty ? " " : $0.text)|\($0.attrs.rawValue)|\($0.fg)|\($0.bg)" }
                .joined(separator: " ")
        }
    }

    /// tmux's own view of a pane (`capture-pane -p -e -N`, one row per screen row) drawn into a
    /// fresh emulator of the same size: the reference the stream must equal.
    static func reference(capture: String, cols: Int, rows count: Int) -> [String] {
        let screen = TerminalScreen(rows: count, cols: cols)
        var lines = capture.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.prefix(count).enumerated() {
            screen.feed("\u{1B}[\(index + 1);1H\u{1B}[0m" + line + "\u{1B}[0m")
        }
        return rows(screen)
    }

    /// The first differing row, for failure messages.
    static func firstDifference(_ a: [String], _ b: [String]) -> String {
        guard a.count == b.count else { return "row counts \(a.count) vs \(b.count)" }
        for (index, (x, y)) in zip(a, b).enumerated() where x != y {
            let xs = x.split(separator: " ", omittingEmptySubsequences: false)
            let ys = y.split(separator: " ", omittingEmptySubsequences: false)
            let column =
                zip(xs, ys).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(xs.count, ys.count)
            return "row \(index), from cell \(column):\n  stream:    \(xs.dropFirst(column).prefix(8))\n"
                + "  reference: \(ys.dropFirst(column).prefix(8))"
        }
        return "equal"
    }
}
