/// `{"stdout","stderr","exit_code"}` of a workmux command (agents routes).
public struct CommandOutput: Sendable, Equatable, Codable {
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String
    /// Exit code (`null` on the wire when nil, e.g. after a timeout).
    public var exitCode: Int?

    /// Memberwise initializer.
    public init(stdout: String, stderr: String, exitCode: Int?) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }

    enum CodingKeys: String, CodingKey {
        case stdout, stderr
        case exitCode = "exit_code"
    }

    /// Encodes all three keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stdout, forKey: .stdout)
        try c.encode(stderr, forKey: .stderr)
        try c.encode(exitCode, forKey: .exitCode)
    }
}
