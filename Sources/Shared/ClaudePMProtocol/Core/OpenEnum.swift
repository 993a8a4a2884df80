// Open enumerations: the wire's string enums, with a catch-all so that a value added by a newer
// server decodes as `.other(raw)` instead of failing the whole message.

/// A string enumeration whose unknown values are kept as `.other(String)`.
///
/// Conforming enums list their known cases in `knownCases` and map them in `rawValue`;
/// `init(rawValue:)` and `Codable` come from this protocol (via the standard library's
/// `RawRepresentable` coding, which can no longer fail because the initializer always succeeds).
/// Decoding a known spelling always yields the named case, never `.other`.
public protocol OpenEnum: RawRepresentable, Codable, Sendable, Hashable where RawValue == String {
    /// Every named case (not `.other`).
    static var knownCases: [Self] { get }

    /// Wraps an unknown wire value.
    static func other(_ rawValue: String) -> Self
}

extension OpenEnum {
    /// Maps a wire value to its named case, or to `.other(rawValue)` if it is unknown.
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? Self.other(rawValue)
    }

    /// True when this is a named case.
    public var isKnown: Bool {
        Self.knownCases.contains { $0.rawValue == rawValue }
    }
}
