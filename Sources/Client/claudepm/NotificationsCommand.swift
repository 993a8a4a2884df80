// `claudepm notifications`: the server's notifications, or `--clear` to dismiss them all.

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
            let rest = try await context.connectPrimary().rest
            if clear {
                let count = try await rest.dismissAllNotifications()
                if json { return try Console.json(DismissAllResponse(dismissed: count)) }
                return Console.line("dismissed \(count) notification\(count == 1 ? "" : "s")")
            }
            let list = try await rest.notifications()
            if json { return try Console.json(list.data) }
            Console.table(
                ["AGE", "TYPE", "MESSAGE"],
                list.data.map { [RelativeTime.ago($0.createdAt, now: Date()), $0.type.rawValue, $0.message] })
        }
    }
}
