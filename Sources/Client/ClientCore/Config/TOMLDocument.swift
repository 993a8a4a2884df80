// The result of parsing the small TOML subset claudepm's config file uses: tables, arrays of
// tables, and string / integer / boolean / array-of-string values. Keeping it this small means no
// external dependency and error messages that point at the exact line.

/// A value in the supported TOML subset.
public enum TOMLValue: Equatable, Sendable {
    /// `"basic"` or `'literal'`.
    case string(String)
    /// A decimal integer (underscores allowed).
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `["a", 'b']`, possibly over several lines.
    case stringArray([String])

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .bool: return "a boolean"
        case .stringArray: return "an array of strings"
        }
    }
}

/// One `key = value` line.
public struct TOMLEntry: Equatable, Sendable {
    /// The key as written (quotes removed).
    public var key: String
    /// The parsed value.
    public var value: TOMLValue
    /// The 1-based line of the key.
    public var line: Int

    /// Creates an entry.
    public init(key: String, value: TOMLValue, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// A table: the root (empty path), a `[a.b]` table, or one element of a `[[a]]` array of tables.
public struct TOMLTable: Equatable, Sendable {
    /// The dotted header split into parts; empty for the root table.
    public var path: [String]
    /// True for an element of an array of tables (`[[path]]`).
    public var isArrayElement: Bool
    /// The 1-based line of the header (0 for the root).
    public var line: Int
    /// The entries in file order.
    public var entries: [TOMLEntry]

    /// Creates a table.
    public init(path: [String], isArrayElement: Bool, line: Int, entries: [TOMLEntry] = []) {
        self.path = path
        self.isArrayElement = isArrayElement
        self.line = line
        self.entries = entries
    }

    /// The entry for `key`, if present.
    public func entry(_ key: String) -> TOMLEntry? {
        entries.first { $0.key == key }
    }
}

/// A parsed document: the root table followed by every table in file order.
public struct TOMLDocument: Equatable, Sendable {
    /// The root table and then each header's table, in the order they appear.
    public var tables: [TOMLTable]

    /// Creates a document.
    public init(tables: [TOMLTable]) {
        self.tables = tables
    }

    /// Parses `text`; `file` is only used in error messages.
    public static func parse(_ text: String, file: String = "config.toml") throws(ConfigError) -> TOMLDocument {
        var parser = TOMLParser(text: text, file: file)
        return try parser.parseDocument()
    }
}
