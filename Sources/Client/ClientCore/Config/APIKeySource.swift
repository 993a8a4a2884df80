// Where a server's API key comes from. The key itself is only ever held in `APIKey`, whose
// textual forms are redacted, so it cannot leak into logs or error messages by accident.

/// Where to read a server's API key: an environment variable or a file (which must be mode 0600).
public enum APIKeySource: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The key is the value of this environment variable.
    case environment(String)
    /// The key is the content of this file (trimmed); see `KeyFilePolicy`.
    case file(String)

    public var description: String {
        switch self {
        case .environment(let name): return "environment variable \(name)"
        case .file(let path): return "file \(path)"
        }
    }
}

/// An API key. `description`, `debugDescription` and string interpolation never show the key;
/// read `value` explicitly where it must go on the wire.
public struct APIKey: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The secret itself.
    public let value: String

    /// Wraps a key.
    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "<redacted API key>" }
    public var debugDescription: String { "<redacted API key>" }

    /// Resolves a key from an environment dictionary.
    public static func fromEnvironment(
        _ name: String, environment: [String: String]
    ) -> Result<APIKey, ConfigError> {
        guard let value = environment[name]?.trimmingWhitespace(), !value.isEmpty else {
            return .failure(.keyEnvironmentMissing(name: name))
        }
        return .success(APIKey(value))
    }

    /// Resolves a key from the text of a key file (already checked with `KeyFilePolicy`).
    /// Surrounding whitespace and a trailing newline are removed.
    public static func fromFileContents(_ text: String, path: String) -> Result<APIKey, ConfigError> {
        let value = text.trimmingWhitespace()
        guard !value.isEmpty else { return .failure(.keyFileEmpty(path: path)) }
        return .success(APIKey(value))
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (no Foundation needed).
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
