// `claudepm notifications`: the notifications of every configured server, or `--clear` to
// dismiss them all.

import ArgumentParser
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation

struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "List (or clear) notifications.",
        discussion: """
            Lists the notifications of every configured server, in config order (each \
            server's newest first; --server NAME lists one); --json adds a "server" field to \
            each. --clear dismisses them on every listed server. A server that cannot be reached \
            is named on stderr, the others are still listed, and the exit status is that \
            server's (e.g. 69).

            Examples:
              claudepm notifications
              claudepm notifications --json
              claudepm notifications --clear
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Dismiss every notification.")
    var clear = false

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            if clear { return try await Self.clearAll(context, json: json) }
            let fleet = await context.askEveryServer { try await $0.rest.notificationList() }
            for (server, list) in fleet.answers { Console.skipped(server: server, kind: "notification", list.skipped) }
            let rows = fleet.records(\.items)
            guard fleet.anyAnswered else { return try fleet.finish() }
            if json {
                try Console.json(rows.map { ServerTagged(server: $0.server, record: $0.record) })
            } else {
                let now = Date()
                Console.table(
                    fleet.header(["AGE", "TYPE", "MESSAGE"]),
                    rows.map { server, item in
                        fleet.row(
                            server, [RelativeTime.ago(item.createdAt, now: now), item.type.rawValue, item.message])
                    })
            }
            try fleet.finish()
        }
    }

    /// Dismisses every notification on every configured server; prints the count (per server when
    /// there are several) or `{"dismissed": total}`.
    static func clearAll(_ context: CLIContext, json: Bool) async throws {
        let fleet = await context.askEveryServer { try await $0.rest.dismissAllNotifications() }
        let total = fleet.answers.reduce(0) { $0 + $1.value }
        guard fleet.anyAnswered else { return try fleet.finish() }
        if json {
            try Console.json(DismissAllResponse(dismissed: total))
        } else {
            for (server, count) in fleet.answers {
                let text = "dismissed \(count) notification\(count == 1 ? "" : "s")"
                Console.line(fleet.namesServers ? "\(server): \(text)" : text)
            }
        }
        try fleet.finish()
    }
}
