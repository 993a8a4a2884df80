// A hand-written scanner for the TOML subset in TOMLDocument.swift. It works on Unicode scalars,
// tracks the line number for every error, and rejects what it does not support (multi-line
// strings, dotted keys in assignments, floats, dates, inline tables) with a clear message instead
// of guessing. Messages never quote the offending value: it might be a secret pasted in the
// wrong place.

struct TOMLParser {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1

    init(text: String, file: String) {
        self.scalars = Array(text.unicodeScalars)
        self.file = file
    }

    mutating func parseDocument() throws(ConfigError) -> TOMLDocument {
        var tables = [TOMLTable(path: [], isArrayElement: false, line: 0)]
        var seenHeaders = Set<[String]>()
        while true {
            skipBlankAndComments()
            guard let scalar = peek() else { break }
            if scalar == "[" {
                let table = try parseHeader()
                if !table.isArrayElement {
                    guard seenHeaders.insert(table.path).inserted else {
                        throw error("table [\(table.path.joined(separator: "."))] is defined twice")
                    }
                }
                tables.append(table)
            } else {
                let entry = try parseEntry()
                if tables[tables.count - 1].entry(entry.key) != nil {
                    throw error("key '\(entry.key)' is set twice in the same table")
                }
                tables[tables.count - 1].entries.append(entry)
            }
            try expectEndOfLine()
        }
        return TOMLDocument(tables: tables)
    }

    // MARK: Lines

    private mutating func parseHeader() throws(ConfigError) -> TOMLTable {
        let headerLine = line
        advance()
        let isArray = peek() == "["
        if isArray { advance() }
        var path: [String] = []
        repeat {
            skipSpaces()
            path.append(try parseKey())
            skipSpaces()
        } while consume(".")
        guard consume("]"), !isArray || consume("]") else {
            throw error(isArray ? "expected ']]' to close the table header" : "expected ']' to close the table header")
        }
        return TOMLTable(path: path, isArrayElement: isArray, line: headerLine)
    }

    private mutating func parseEntry() throws(ConfigError) -> TOMLEntry {
        let entryLine = line
        let key = try parseKey()
        skipSpaces()
        if peek() == "." {
            throw error("dotted keys are not supported; use a [table] header")
        }
        guard consume("=") else { throw error("expected '=' after '\(key)'") }
        skipSpaces()
        let value = try parseValue()
        return TOMLEntry(key: key, value: value, line: entryLine)
    }

    private mutating func expectEndOfLine() throws(ConfigError) {
        skipSpaces()
        if peek() == "#" { skipComment() }
        guard let scalar = peek() else { return }
        guard scalar == "\n" || scalar == "\r" else {
            throw error("unexpected '\(Character(scalar))' after the value")
        }
    }

    // MARK: Keys

    private mutating func parseKey() throws(ConfigError) -> String {
        switch peek() {
        case "\"": return try parseBasicString()
        case "'": return try parseLiteralString()
        default:
            var key = ""
            while let scalar = peek(), Self.isBareKeyScalar(scalar) {
                key.unicodeScalars.append(scalar)
                advance()
            }
            guard !key.isEmpty else { throw error("expected a key") }
            return key
        }
    }

    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return true
        default: return false
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(ConfigError) -> TOMLValue {
        guard let scalar = peek() else { throw error("expected a value") }
        switch scalar {
        case "\"": return .string(try parseBasicString())
        case "'": return .string(try parseLiteralString())
        case "[": return .stringArray(try parseStringArray())
        case "t", "f": return .bool(try parseBool())
        case "+", "-", "0"..."9": return .integer(try parseInteger())
        case "{": throw error("inline tables are not supported; use a [table] header")
        default: throw error("expected a value (a \"string\", an integer, true/false or [\"a\", \"b\"])")
        }
    }

    private mutating func parseBool() throws(ConfigError) -> Bool {
        let word = takeWord()
        switch word {
        case "true": return true
        case "false": return false
        default: throw error("expected true or false (a bare word; strings need quotes)")
        }
    }

    private mutating func parseInteger() throws(ConfigError) -> Int {
        let word = takeWord()
        let digits = word.filter { $0 != "_" }
        guard let value = Int(digits), !word.hasPrefix("_"), !word.hasSuffix("_") else {
            throw error("not an integer (floats and dates are not supported; strings need quotes)")
        }
        return value
    }

    private mutating func takeWord() -> String {
        var word = ""
        while let scalar = peek(), !" \t\r\n#,]".unicodeScalars.contains(scalar) {
            word.unicodeScalars.append(scalar)
            advance()
        }
        return word
    }

    private mutating func parseStringArray() throws(ConfigError) -> [String] {
        let openLine = line
        advance()
        var items: [String] = []
        while true {
            skipBlankAndComments()
            guard let scalar = peek() else { throw error("array opened on line \(openLine) is never closed") }
            if scalar == "]" {
                advance()
                return items
            }
            guard scalar == "\"" || scalar == "'" else { throw error("arrays may only contain strings") }
            items.append(scalar == "\"" ? try parseBasicString() : try parseLiteralString())
            skipBlankAndComments()
            if peek() == nil { throw error("array opened on line \(openLine) is never closed") }
            if !consume(","), peek() != "]" { throw error("expected ',' or ']' in the array") }
        }
    }

    // MARK: Strings

    private mutating func parseLiteralString() throws(ConfigError) -> String {
        advance()
        if peek() == "'", peek(offset: 1) == "'" { throw error("multi-line strings are not supported") }
        var text = ""
        while let scalar = peek(), scalar != "'" {
            guard scalar != "\n" else { throw error("string is not closed before the end of the line") }
            text.unicodeScalars.append(scalar)
            advance()
        }
        guard consume("'") else { throw error("string is not closed before the end of the file") }
        return text
    }

    private mutating func parseBasicString() throws(ConfigError) -> String {
        advance()
        if peek() == "\"", peek(offset: 1) == "\"" { throw error("multi-line strings are not supported") }
        var text = ""
        while let scalar = peek(), scalar != "\"" {
            guard scalar != "\n" else { throw error("string is not closed before the end of the line") }
            advance()
            if scalar == "\\" {
                text.unicodeScalars.append(try parseEscape())
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        guard consume("\"") else { throw error("string is not closed before the end of the file") }
        return text
    }

    private mutating func parseEscape() throws(ConfigError) -> Unicode.Scalar {
        guard let scalar = peek() else { throw error("unfinished escape sequence") }
        advance()
        switch scalar {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "e": return "\u{1B}"
        case "u": return try parseUnicodeEscape(digits: 4)
        case "U": return try parseUnicodeEscape(digits: 8)
        default: throw error("unknown escape sequence '\\\(Character(scalar))'")
        }
    }

    private mutating func parseUnicodeEscape(digits: Int) throws(ConfigError) -> Unicode.Scalar {
        var hex = ""
        for _ in 0..<digits {
            guard let scalar = peek(), scalar.properties.isASCIIHexDigit else {
                throw error("\\u and \\U need \(digits) hex digits")
            }
            hex.unicodeScalars.append(scalar)
            advance()
        }
        guard let value = UInt32(hex, radix: 16), let result = Unicode.Scalar(value) else {
            throw error("\\u\(hex) is not a Unicode scalar value")
        }
        return result
    }

    // MARK: Scanning

    private func peek(offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard peek() == scalar else { return false }
        advance()
        return true
    }

    private mutating func skipSpaces() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { advance() }
    }

    private mutating func skipComment() {
        while let scalar = peek(), scalar != "\n" { advance() }
    }

    private mutating func skipBlankAndComments() {
        while let scalar = peek() {
            switch scalar {
            case " ", "\t", "\r", "\n": advance()
            case "#": skipComment()
            default: return
            }
        }
    }

    private func error(_ message: String) -> ConfigError {
        .syntax(file: file, line: line, message: message)
    }
}
