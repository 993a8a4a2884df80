// The `--database` URL of a PostgreSQL store, parsed: who connects (user, password), where (a TCP
// host and port, or a Unix socket directory given as the `host` query parameter, as libpq accepts
// it), to which database, and whether TLS is required. The password comes from the URL or from
// PGPASSWORD, and never appears in `description`, `debugDescription` or a mirror.
import Foundation
import NIOSSL
import PostgresNIO
import ServerCore

/// A parsed `postgres://user[:password]@host[:port]/database[?host=/socket/dir&sslmode=disable|require]`
/// (or `postgresql://…`).
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The role to connect as.
    public let user: String
    /// The password: the URL's, else `PGPASSWORD`'s, else nil. Never printed.
    let password: String?
    /// The TCP host (also the TLS server name); for a Unix socket, whatever the URL named (ignored).
    public let host: String
    /// The port: of the TCP connection, or the number in the socket file's name.
    public let port: Int
    /// The directory of the server's Unix socket (the `host` query parameter), or nil for TCP.
    public let socketDirectory: String?
    /// The database (the user name when the URL names none, as libpq does).
    public let database: String
    /// True with `sslmode=require`: TLS with certificate verification, or no connection.
    public let requiresTLS: Bool

    /// The socket file, `<socketDirectory>/.s.PGSQL.<port>`, or nil for TCP.
    public var socketPath: String? {
        socketDirectory.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/.s.PGSQL.\(port)" }
    }

    /// Whether the URL (or the environment) gave a password.
    public var hasPassword: Bool { password != nil }

    /// Parses `string`; the password falls back to `PGPASSWORD` in `environment`. Throws
    /// `StoreError.badURL` saying what is wrong (never quoting the password).
    public init(_ string: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var rest = Substring(string.trimmingCharacters(in: .whitespaces))
        if let r = rest.dropPrefix("postgres://") ?? rest.dropPrefix("postgresql://") {
            rest = r
        } else {
            throw StoreError.badURL("it must start with postgres:// or postgresql://")
        }

        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }

        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }

        guard let at = rest.lastIndex(of: "@") else {
            throw StoreError.badURL("no user name (postgres://USER@HOST/DATABASE)")
        }
        let userInfo = rest[..<at]
        let hostPort = rest[rest.index(after: at)...]

        var password: String?
        let userPart: Substring
        if let colon = userInfo.firstIndex(of: ":") {
            userPart = userInfo[..<colon]
            password = try Self.decode(userInfo[userInfo.index(after: colon)...], what: "password")
        } else {
            userPart = userInfo
        }
        let user = try Self.decode(userPart, what: "user name")
        guard !user.isEmpty else { throw StoreError.badURL("no user name (postgres://USER@HOST/DATABASE)") }

        var (host, port) = try Self.splitHostPort(hostPort)

        var socketDirectory: String?
        var requiresTLS = false
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let key: Substring
            let rawValue: Substring
            if let equals = pair.firstIndex(of: "=") {
                key = pair[..<equals]
                rawValue = pair[pair.index(after: equals)...]
            } else {
                key = pair
                rawValue = ""
            }
            let value = try Self.decode(rawValue, what: "parameter \(key)")
            switch key {
            case "host":
                guard value.hasPrefix("/") else {
                    throw StoreError.badURL("the host parameter must be an absolute socket directory, not '\(value)'")
                }
                socketDirectory = value
            case "port":
                guard let p = Int(value), (1...65535).contains(p) else {
                    throw StoreError.badURL("port '\(value)' is not a number from 1 to 65535")
                }
                port = p
            case "sslmode":
                switch value {
                case "disable": requiresTLS = false
                case "require": requiresTLS = true
                default: throw StoreError.badURL("sslmode '\(value)' is not supported (use disable or require)")
                }
            default:
                throw StoreError.badURL("unknown parameter '\(key)' (supported: host, port, sslmode)")
            }
        }

        if socketDirectory == nil && host.isEmpty {
            throw StoreError.badURL("no host (postgres://USER@HOST/DATABASE, or ?host=/socket/directory)")
        }
        if socketDirectory != nil && requiresTLS {
            throw StoreError.badURL("sslmode=require needs a TCP host, not a Unix socket")
        }

        var database = try Self.decode(path, what: "database name")
        if database.hasSuffix("/") { database.removeLast() }
        guard !database.contains("/") else { throw StoreError.badURL("the database name '\(database)' contains '/'") }
        if database.isEmpty { database = user }

        if password == nil, let fromEnvironment = environment["PGPASSWORD"], !fromEnvironment.isEmpty {
            password = fromEnvironment
        }

        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.socketDirectory = socketDirectory
        self.database = database
        self.requiresTLS = requiresTLS
    }

    /// The postgres-nio configuration: a Unix socket, or TCP with TLS disabled or required (the
    /// system's trust roots, the host's name verified).
    public func configuration() throws -> PostgresConnection.Configuration {
        if let socketPath {
            return PostgresConnection.Configuration(
                unixSocketPath: socketPath, username: user, password: password, database: database)
        }
        let tls: PostgresConnection.Configuration.TLS
        if requiresTLS {
            do {
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            } catch {
                throw StoreError.badURL("cannot set up TLS: \(error)")
            }
        } else {
            tls = .disable
        }
        return PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// The URL without its password: `postgres://user@host:port/database`, with `?host=…` for a
    /// socket and `?sslmode=require` when TLS is required.
    public var description: String {
        let database = self.database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? self.database
        let user = self.user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? self.user
        if let socketDirectory {
            return "postgres://\(user)@\(host)/\(database)?host=\(socketDirectory)"
                + (port == 5432 ? "" : "&port=\(port)")
        }
        let hostText = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(hostText):\(port)/\(database)" + (requiresTLS ? "?sslmode=require" : "")
    }

    /// The same as `description`: never the password.
    public var debugDescription: String { description }

    /// A mirror without the password, so that `dump` and `String(reflecting:)` never show it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "user": user, "host": host, "port": port, "socketDirectory": socketDirectory as Any,
                "database": database, "requiresTLS": requiresTLS, "hasPassword": hasPassword,
            ])
    }

    /// `host[:port]`, `[v6]:port`, or empty (a socket URL may name no host).
    private static func splitHostPort(_ text: Substring) throws -> (String, Int) {
        var hostText = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw StoreError.badURL("unterminated IPv6 address '\(text)'")
            }
            hostText = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw StoreError.badURL("unexpected '\(after)' after the host") }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            hostText = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        var port = 5432
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else {
                throw StoreError.badURL("port '\(portText)' is not a number from 1 to 65535")
            }
            port = p
        }
        return (try decode(hostText, what: "host"), port)
    }

    /// Percent-decodes one part of the URL.
    private static func decode(_ text: Substring, what: String) throws -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw StoreError.badURL("the \(what) has a bad percent-encoding")
        }
        return decoded
    }
}

extension Substring {
    /// The rest after `prefix`, or nil when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
