// Server-side validation of client frames with upstream's rules (§3.2, §3.4): Zod discriminated
// union on `type`, UUID session ids, string limits in UTF-16 units, bounded integer sizes.
// Extra keys are ignored, as Zod strips them.
import Foundation

extension ClientMessage {
    /// Maximum `session:input.text` length (UTF-16 units).
    public static let maxInputLength = 10_000
    /// Maximum `session:keys.keys` length (UTF-16 units).
    public static let maxKeysLength = 1_000
    /// Allowed `cols`.
    public static let colsRange = 1...500
    /// Allowed `rows`.
    public static let rowsRange = 1...200

    /// Parses and validates one incoming frame like upstream does.
    ///
    /// Non-JSON gives `.parse` (→ `PARSE_ERROR` "Invalid JSON"); a schema violation gives
    /// `.invalid(issues:)` (→ `INVALID_MESSAGE` with `details.issues`). Never returns `.unknown`.
    public static func validate(_ data: Data) -> Result<ClientMessage, ClientMessageError> {
        do {
            return validate(json: try WireEnvelope.raw(data))
        } catch let error as ProtocolError {
            return .failure(error)
        } catch {
            return .failure(.parse(reason: String(describing: error)))
        }
    }

    /// Validates an already parsed frame.
    public static func validate(json: JSONValue) -> Result<ClientMessage, ClientMessageError> {
        guard case .object(let frame) = json else {
            return .failure(.invalid(issues: [discriminatorIssue(for: json)]))
        }
        guard case .string(let type) = frame["type"], knownTypes.contains(type) else {
            return .failure(.invalid(issues: [discriminatorIssue(for: json)]))
        }
        var checker = ZodChecker()
        let message = read(type: type, payload: frame["payload"], checker: &checker)
        if let message, checker.issues.isEmpty { return .success(message) }
        return .failure(.invalid(issues: checker.issues))
    }

    /// The issue Zod reports for a frame that is not an object or has no known `type`.
    static func discriminatorIssue(for json: JSONValue) -> ValidationIssue {
        guard case .object = json else {
            return ZodChecker.invalidType(expected: "object", received: ZodChecker.typeName(json), path: [])
        }
        let expected = knownTypes.map { "'\($0)'" }.joined(separator: " | ")
        return ValidationIssue(
            code: "invalid_union_discriminator", path: ["type"],
            message: "Invalid discriminator value. Expected \(expected)",
            attributes: ["options": .array(knownTypes.map(JSONValue.string))])
    }

    private static func read(type: String, payload: JSONValue?, checker: inout ZodChecker) -> ClientMessage? {
        if type == "ping" {
            _ = checker.object(payload, path: ["payload"], optional: true)
            return .ping
        }
        guard let fields = checker.object(payload, path: ["payload"]) else { return nil }
        let id = checker.uuid(fields["sessionId"], path: ["payload", "sessionId"])
        switch type {
        case "session:input":
            let text = checker.string(fields["text"], path: ["payload", "text"], maxLength: maxInputLength)
            return id.flatMap { id in text.map { .input(sessionId: id, text: $0) } }
        case "session:keys":
            let keys = checker.string(fields["keys"], path: ["payload", "keys"], maxLength: maxKeysLength)
            return id.flatMap { id in keys.map { .keys(sessionId: id, keys: $0) } }
        case "pty:data":
            let data = checker.string(fields["data"], path: ["payload", "data"])
            return id.flatMap { id in data.map { .ptyData(sessionId: id, data: $0) } }
        case "pty:attach", "pty:resize":
            return readSized(type: type, id: id, fields: fields, checker: &checker)
        default:
            return id.map { sessionRefMessage(type: type, sessionId: $0) }
        }
    }

    private static func readSized(
        type: String, id: String?, fields: [String: JSONValue], checker: inout ZodChecker
    ) -> ClientMessage? {
        let optional = type == "pty:attach"
        let cols = checker.integer(fields["cols"], path: ["payload", "cols"], range: colsRange, optional: optional)
        let rows = checker.integer(fields["rows"], path: ["payload", "rows"], range: rowsRange, optional: optional)
        guard let id else { return nil }
        let readOnly = checker.bool(fields["readOnly"], path: ["payload", "readOnly"], optional: true)
        if optional {
            let stream = fields["stream"].flatMap { if case .string(let s) = $0 { s } else { nil } }
            let history = fields["history"].flatMap { value -> Int? in
                guard case .number(let n) = value, n >= 0, n <= 100_000 else { return nil }
                return Int(n)
            }
            return .ptyAttach(
                sessionId: id, cols: cols, rows: rows, readOnly: readOnly, stream: stream, history: history)
        }
        let fit = checker.bool(fields["fit"], path: ["payload", "fit"], optional: true)
        guard let cols, let rows else { return nil }
        return .ptyResize(sessionId: id, cols: cols, rows: rows, readOnly: readOnly, fit: fit)
    }

    private static func sessionRefMessage(type: String, sessionId: String) -> ClientMessage {
        switch type {
        case "session:subscribe": .subscribe(sessionId: sessionId)
        case "session:unsubscribe": .unsubscribe(sessionId: sessionId)
        case "pty:detach": .ptyDetach(sessionId: sessionId)
        default: .ptySelectPane(sessionId: sessionId)
        }
    }
}
