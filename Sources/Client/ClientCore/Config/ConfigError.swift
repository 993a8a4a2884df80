// The single error type of ClientCore. Every case carries the data a person needs to fix the
// problem (file, line, setting). None of them ever carries an API key: key material only lives
// in `APIKey`, which redacts itself.

/// Errors from reading and merging the client configuration, checking API key files and parsing
/// `known_hosts`. Messages are meant to be shown to the user as they are.
public enum ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The TOML text could not be parsed; `line` is 1-based.
    case syntax(file: String, line: Int, message: String)
    /// A setting had a value of the wrong type or out of range; `line` is 0 when it came from
    /// the environment or a flag.
    case invalidValue(source: String, line: Int, key: String, message: String)
    /// A key the parser does not know, reported so typos are not silently ignored.
    case unknownKey(file: String, line: Int, key: String)
    /// A server name was asked for (flag or environment) that the configuration does not define.
    case unknownServer(name: String, known: [String])
    /// A server entry without a name or with a duplicate name.
    case duplicateServer(name: String, file: String, line: Int)
    /// A server URL that is not http, https, ws or wss with a host.
    case invalidURL(server: String, url: String)
    /// A per-server override (key, TLS) was given while several servers are configured.
    case ambiguousOverride(setting: String, servers: [String])
    /// The API key file is readable or writable by group or others (like ssh's "too open").
    case keyFileTooOpen(path: String, mode: UInt32)
    /// The API key file is not a regular file.
    case keyFileNotRegular(path: String)
    /// The API key file holds no key.
    case keyFileEmpty(path: String)
    /// The environment variable named as the key source is unset or empty.
    case keyEnvironmentMissing(name: String)
    /// A `known_hosts` line that could not be parsed; `line` is 1-based.
    case knownHostsSyntax(line: Int, message: String)

    public var description: String {
        switch self {
        case .syntax(let file, let line, let message):
            return "\(file):\(line): \(message)"
        case .invalidValue(let source, let line, let key, let message):
            let place = line > 0 ? "\(source):\(line)" : source
            return "\(place): invalid value for '\(key)': \(message)"
        case .unknownKey(let file, let line, let key):
            return "\(file):\(line): unknown setting '\(key)'"
        case .unknownServer(let name, let known):
            let list = known.isEmpty ? "none are configured" : "known: " + known.joined(separator: ", ")
            return "no server named '\(name)' (\(list))"
        case .duplicateServer(let name, let file, let line):
            return name.isEmpty
                ? "\(file):\(line): a server needs a name"
                : "\(file):\(line): server '\(name)' is defined twice"
        case .invalidURL(let server, let url):
            return "server '\(server)': '\(url)' is not an http, https, ws or wss URL with a host"
        case .ambiguousOverride(let setting, let servers):
            return "\(setting) applies to one server, but \(servers.count) are configured ("
                + servers.joined(separator: ", ") + "); choose one with --server or CLAUDEPM_SERVER"
        case .keyFileTooOpen(let path, let mode):
            return "Permissions \(Self.octal(mode)) for '\(path)' are too open. "
                + "An API key file must not be accessible by group or others; it will be ignored. "
                + "Fix it with: chmod 600 '\(path)'"
        case .keyFileNotRegular(let path):
            return "API key file '\(path)' is not a regular file"
        case .keyFileEmpty(let path):
            return "API key file '\(path)' is empty"
        case .keyEnvironmentMissing(let name):
            return "environment variable \(name) (the API key source) is not set"
        case .knownHostsSyntax(let line, let message):
            return "known_hosts:\(line): \(message)"
        }
    }

    /// Formats permission bits the way `ls`/ssh users know them, e.g. `0644`.
    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
