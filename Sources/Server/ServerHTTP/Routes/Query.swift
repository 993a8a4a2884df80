// Query-string helpers with the upstream's coercions (Zod `coerce`, "boolean-ish" strings).
import Hummingbird
import ServerCore

struct Query {
    let params: [String: [String]]
    var issues: [String: [String]] = [:]

    init(_ request: Request) {
        var all: [String: [String]] = [:]
        for (k, v) in request.uri.queryParameters { all[String(k), default: []].append(String(v)) }
        params = all
    }

    /// The single value of `key`; repeating the parameter is a validation error (as Express + Zod).
    mutating func string(_ key: String) -> String? {
        guard let values = params[key] else { return nil }
        if values.count > 1 {
            issues[key, default: []].append("Expected string, received array")
            return nil
        }
        return values[0]
    }

    /// A filter's value: an empty one (`?project_id=`) is no filter, as upstream tests a filter's
    /// truthiness before it filters.
    mutating func filter(_ key: String) -> String? {
        string(key).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An integer in `range`, defaulting to `fallback` when absent.
    mutating func int(_ key: String, _ range: ClosedRange<Int>, default fallback: Int?) -> Int? {
        guard let raw = string(key) else { return fallback }
        guard let v = Int(raw) else {
            issues[key, default: []].append("Expected number, received nan")
            return fallback
        }
        if v < range.lowerBound {
            issues[key, default: []].append("Number must be greater than or equal to \(range.lowerBound)")
        }
        if v > range.upperBound {
            issues[key, default: []].append("Number must be less than or equal to \(range.upperBound)")
        }
        return v
    }

    /// Upstream's boolean-ish: "false" (any case), "0" and "" are false, anything else true.
    mutating func bool(_ key: String) -> Bool? {
        guard let raw = string(key) else { return nil }
        return !(raw.lowercased() == "false" || raw == "0" || raw.isEmpty)
    }

    /// One of `allowed`.
    mutating func oneOf(_ key: String, _ allowed: [String]) -> String? {
        guard let raw = string(key) else { return nil }
        guard allowed.contains(raw) else {
            let list = allowed.map { "'\($0)'" }.joined(separator: " | ")
            issues[key, default: []].append("Invalid enum value. Expected \(list), received '\(raw)'")
            return nil
        }
        return raw
    }

    func check() throws { if !issues.isEmpty { throw ServerError.validation(issues) } }
}
