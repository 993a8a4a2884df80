// Control clients: started on first use per session, restarted (with a fresh snapshot for every
// viewer) when they end while their session still exists, e.g. after tmux was restarted.
import Foundation

extension PaneStreams {
    /// The control client of `session`, started if there is none.
    func client(for session: String) throws(TmuxError) -> TmuxControlClient {
        if let existing = state.withLock({ $0.clients[session] }), !existing.isClosed { return existing }
        let client = try TmuxControlClient.start(tmux: tmux, session: session) { [weak self] event in
            self?.handle(event, session: session)
        }
        let (winner, stopped) = state.withLock { s -> (TmuxControlClient, Bool) in
            if let other = s.clients[session], !other.isClosed { return (other, s.stopped) }
            s.clients[session] = client
            return (client, s.stopped)
        }
        if winner !== client || stopped { client.close() }
        if stopped { throw .launchFailed(executable: tmux.executable, reason: "pane streams stopped") }
        if winner === client {
            // tmux's flow control: a pane whose output this client has not taken for this long is
            // paused (`%pause`) instead of buffered without bound; handle(.pause) resumes it and
            // gives its viewers a fresh snapshot.
            client.send([["refresh-client", "-f", "pause-after=\(Self.pauseAfterSeconds)"]]) { _ in }
        }
        return winner
    }

    /// A client ended: tell the observer; restart it if the session still exists and someone
    /// watches, else end the viewers of its panes.
    func clientEnded(session: String, reason: String?) {
        let (observer, attempt, stopped) = state.withLock { s -> (Observer?, Int, Bool) in
            if let c = s.clients[session], c.isClosed { s.clients[session] = nil }
            // Until the restarted client's seed, nothing a new client says may reach them or the
            // mirrors (what the panes wrote meanwhile was never sent).
            for (id, sub) in s.subscribers where sub.session == session { s.subscribers[id]?.live = false }
            for mirror in s.mirrors.values where mirror.session == session { _ = mirror.beginSeed(history: 0) }
            let attempt = s.restarts[session, default: 0]
            s.restarts[session] = attempt + 1
            return (s.observer, attempt, s.stopped)
        }
        observer?.topology(session)
        guard !stopped else { return }
        logger.info(
            "tmux control client for session ended", metadata: ["session": "\(session)", "reason": "\(reason ?? "")"])
        Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(min(5_000, 100 << min(attempt, 6))))
            await self?.restart(session: session)
        }
    }

    private func restart(session: String) async {
        let viewers = state.withLock { s in s.subscribers.filter { $0.value.session == session }.map(\.key) }
        guard await tmux.hasSession(session) else {
            state.withLock { s in s.mirrors = s.mirrors.filter { $0.value.session != session } }
            endViewers(viewers, reason: "tmux session \(session) closed")
            return
        }
        guard (try? client(for: session)) != nil else {
            endViewers(viewers, reason: "tmux control client for \(session) could not start")
            return
        }
        let panes = state.withLock { s in
            s.restarts[session] = 0
            s.counters.restarts += 1
            return s.mirrors.values.filter { $0.session == session }.map(\.paneId)
        }
        for pane in panes { reseed(pane: pane) }
    }

    func endViewers(_ ids: [UUID], reason: String) {
        let subs = state.withLock { s in ids.compactMap { s.subscribers[$0]?.subscription } }
        for sub in subs {
            sub.push(.ended(reason))
            remove(sub.id)
        }
    }
}
