// Exit codes scripts can rely on (sysexits.h values), documented in docs/cli.md.

import ArgumentParser
import ClientCore
import ClientNetwork

/// How a failed command ends.
enum CLIExit {
    /// A bad command line, config file or key file (EX_USAGE).
    static let usage: Int32 = 64
    /// A session or ticket reference that matches nothing or several things (EX_DATAERR).
    static let noMatch: Int32 = 65
    /// The server is unreachable or did not answer in time (EX_UNAVAILABLE).
    static let unreachable: Int32 = 69
    /// The server answered something the client cannot read (EX_PROTOCOL).
    static let badResponse: Int32 = 76
    /// The API key was rejected, or TLS trust failed (EX_NOPERM).
    static let auth: Int32 = 77
    /// The server refused or failed the request.
    static let failure: Int32 = 1

    /// The exit code for a network-layer error.
    static func code(for error: ClientNetworkError) -> Int32 {
        switch error {
        case .unreachable, .timedOut: return unreachable
        case .authRejected, .authMissing, .tls, .unknownCertificate, .certificateMismatch, .pinMismatch,
            .untrustedCertificate:
            return auth
        case .configuration, .localFile: return usage
        case .noMatch, .ambiguous: return noMatch
        case .badResponse: return badResponse
        case .notFound, .rejected, .serverError, .ptyFailed: return failure
        }
    }
}

/// A failure already reported on stderr, carrying its exit code.
struct CLIFailure: Error, CustomStringConvertible {
    var message: String
    var code: Int32

    init(_ error: ClientNetworkError) {
        message = error.description
        code = CLIExit.code(for: error)
    }

    init(_ error: ConfigError) {
        message = error.description
        code = CLIExit.usage
    }

    init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    var description: String { message }
}
