// The marks of a session's journal that come from the event bus: a move of its ticket
// (`in_progress → review`), on the journal of the ticket's running session, so rewind's timeline
// shows it beside the waits, answers and status changes SessionSupervisor marks. (This server's
// notifications are waiting notifications: each is the `waiting` mark of the wait it announces.)
import Foundation

/// Marks ticket moves on the journals.
enum JournalMarker {
    /// Listens on `bus` for as long as the server runs.
    static func install(bus: EventBus, streams: PaneStreams, tickets: TicketService) {
        bus.add { event in
            guard case .ticketState(let move) = event else { return }
            Task {
                guard let session = try? await tickets.runningSession(ticketId: move.ticketId) else { return }
                streams.journalMark(pane: session.paneId, kind: "ticket", text: "\(move.fromState) → \(move.toState)")
            }
        }
    }
}
