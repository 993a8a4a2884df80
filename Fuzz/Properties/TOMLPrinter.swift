// Prints a TOMLDocument back as TOML (every key and header part quoted, every string a basic
// string with escapes), for the config round-trip property.
import ClientCore

/// TOML output of a parsed document.
public enum TOMLPrinter {
    /// The document as TOML text.
    public static func print(_ document: TOMLDocument) -> String {
        var out = ""
        for table in document.tables {
            if !table.path.isEmpty {
                let header = table.path.map(quoted).joined(separator: ".")
                out += table.isArrayElement ? "[[\(header)]]\n" : "[\(header)]\n"
            }
            for entry in table.entries { out += "\(quoted(entry.key)) = \(value(entry.value))\n" }
        }
        return out
    }

    /// The document without line numbers and without empty root tables, for comparison.
    public static func normalised(_ document: TOMLDocument) -> [TOMLTable] {
        document.tables.compactMap { table in
            if table.path.isEmpty, table.entries.isEmpty { return nil }
            var copy = table
            copy.line = 0
            copy.entries = table.entries.map { TOMLEntry(key: $0.key, value: $0.value, line: 0) }
            return copy
        }
    }

    static func value(_ value: TOMLValue) -> String {
        switch value {
        case .string(let s): quoted(s)
        case .integer(let n): String(n)
        case .bool(let b): b ? "true" : "false"
        case .stringArray(let items): "[" + items.map(quoted).joined(separator: ", ") + "]"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
