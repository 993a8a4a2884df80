// Re-implements the handful of Zod v3 checks upstream's client-message schema uses, producing
// issues with Zod's codes, members and message texts.

/// Collects Zod-style issues while reading fields out of a JSON object.
struct ZodChecker {
    private(set) var issues: [ValidationIssue] = []

    /// Zod's name for the type of `value` (`undefined` when absent).
    static func typeName(_ value: JSONValue?) -> String {
        switch value {
        case nil: "undefined"
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// An `invalid_type` issue, with Zod's "Required" text for missing values.
    static func invalidType(expected: String, received: String, path: [String]) -> ValidationIssue {
        let message = received == "undefined" ? "Required" : "Expected \(expected), received \(received)"
        return ValidationIssue(
            code: "invalid_type", path: path, message: message,
            attributes: ["expected": .string(expected), "received": .string(received)])
    }

    /// Requires an object at `path`; `optional` accepts absence (but not `null`).
    mutating func object(_ value: JSONValue?, path: [String], optional: Bool = false) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        if value == nil, optional { return nil }
        issues.append(Self.invalidType(expected: "object", received: Self.typeName(value), path: path))
        return nil
    }

    /// Requires a string of at most `maxLength` UTF-16 units.
    mutating func string(_ value: JSONValue?, path: [String], maxLength: Int? = nil) -> String? {
        guard case .string(let text) = value else {
            issues.append(Self.invalidType(expected: "string", received: Self.typeName(value), path: path))
            return nil
        }
        if let maxLength, text.utf16.count > maxLength {
            issues.append(
                ValidationIssue(
                    code: "too_big", path: path, message: "String must contain at most \(maxLength) character(s)",
                    attributes: [
                        "maximum": .number(Double(maxLength)), "type": .string("string"),
                        "inclusive": .bool(true), "exact": .bool(false),
                    ]))
            return nil
        }
        return text
    }

    /// Requires a UUID string (8-4-4-4-12 hex digits, any case).
    mutating func uuid(_ value: JSONValue?, path: [String]) -> String? {
        guard let text = string(value, path: path) else { return nil }
        guard Self.isUUID(text) else {
            issues.append(
                ValidationIssue(
                    code: "invalid_string", path: path, message: "Invalid uuid",
                    attributes: ["validation": .string("uuid")]))
            return nil
        }
        return text
    }

    /// Requires an integer in `range`; `optional` accepts absence (but not `null`).
    mutating func integer(
        _ value: JSONValue?, path: [String], range: ClosedRange<Int>, optional: Bool = false
    )
        -> Int?
    {
        if value == nil, optional { return nil }
        guard case .number(let number) = value else {
            issues.append(Self.invalidType(expected: "number", received: Self.typeName(value), path: path))
            return nil
        }
        let before = issues.count
        if number.rounded() != number {
            issues.append(
                ValidationIssue(
                    code: "invalid_type", path: path, message: "Expected integer, received float",
                    attributes: ["expected": .string("integer"), "received": .string("float")]))
        }
        if number < Double(range.lowerBound) {
            issues.append(Self.bound("too_small", "minimum", range.lowerBound, path: path))
        }
        if number > Double(range.upperBound) {
            issues.append(Self.bound("too_big", "maximum", range.upperBound, path: path))
        }
        return issues.count == before ? Int(number) : nil
    }

    /// Requires a Boolean; `optional` accepts absence (but not `null`).
    mutating func bool(_ value: JSONValue?, path: [String], optional: Bool = false) -> Bool? {
        if value == nil, optional { return nil }
        guard case .bool(let flag) = value else {
            issues.append(Self.invalidType(expected: "boolean", received: Self.typeName(value), path: path))
            return nil
        }
        return flag
    }

    private static func bound(_ code: String, _ member: String, _ limit: Int, path: [String]) -> ValidationIssue {
        let relation = code == "too_small" ? "greater than or equal to" : "less than or equal to"
        return ValidationIssue(
            code: code, path: path, message: "Number must be \(relation) \(limit)",
            attributes: [
                member: .number(Double(limit)), "type": .string("number"), "inclusive": .bool(true),
                "exact": .bool(false),
            ])
    }

    /// Zod's UUID shape: 8-4-4-4-12 hexadecimal digits, case-insensitive.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHex =
                    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
                guard isHex else { return false }
            }
        }
        return true
    }
}
