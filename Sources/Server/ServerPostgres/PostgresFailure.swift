// Which postgres-nio errors mean the connection is gone (reconnect, report the store unavailable)
// rather than a statement refused, and a readable reason for either, for health and logs.
import Foundation
import NIOCore
import PostgresNIO

/// Classifies and describes postgres-nio errors.
enum PostgresFailure {
    /// True when `error`, raised by a statement on `connection`, means the connection is lost: it
    /// is closed, the statement went unanswered (`AnswerWatchdog`), postgres-nio reports a closed
    /// or broken channel, or the server ended the session (SQLSTATE classes 08 and 57P, or a
    /// FATAL/PANIC error).
    static func isConnectionLoss(_ error: any Error, connection: PostgresConnection?) -> Bool {
        if connection?.isClosed == true || error is AnswerWatchdog.Unanswered { return true }
        if let psql = error as? PSQLError {
            switch psql.code {
            case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown,
                .messageDecodingFailure, .unexpectedBackendMessage:
                return true
            case .server:
                let state = psql.serverInfo?[.sqlState] ?? ""
                let severity = psql.serverInfo?[.severity] ?? ""
                return state.hasPrefix("08") || state.hasPrefix("57P") || severity == "FATAL" || severity == "PANIC"
            default:
                return false
            }
        }
        return error is ChannelError || error is IOError
    }

    /// True when a failed connection attempt got an answer from the server that retrying will not
    /// change (a wrong password, an unknown role or database), as opposed to no answer or a server
    /// starting up or full.
    static func isPermanentConnectFailure(_ error: any Error) -> Bool {
        guard let psql = error as? PSQLError else {
            return false
        }
        switch psql.code {
        case .server:
            let state = psql.serverInfo?[.sqlState] ?? ""
            // 57P03 cannot_connect_now (starting up), 53300 too_many_connections: transient.
            return !(state == "57P03" || state == "53300" || state.hasPrefix("08"))
        case .sslUnsupported, .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return true
        default:
            return false
        }
    }

    /// A one-line reason: the server's message and SQLSTATE, or postgres-nio's error code and the
    /// underlying error (postgres-nio's own description of PSQLError is deliberately generic).
    static func describe(_ error: any Error) -> String {
        guard let psql = error as? PSQLError else { return "\(error)" }
        if let info = psql.serverInfo {
            return "\(info[.message] ?? "server error") (SQLSTATE \(info[.sqlState] ?? "?"))"
        }
        if let underlying = psql.underlying {
            return "\(psql.code): \(underlying)"
        }
        return "\(psql.code)"
    }
}
