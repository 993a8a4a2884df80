// Which bodies are read as JSON: only those sent with a JSON media type, as upstream's
// `express.json()` (which ignores any other body). A body sent as `text/plain` or a form is what a
// web page can post anywhere without a preflight, so reading it as JSON would let a page type into
// a session; such a body is refused with 415 instead of being ignored (a hook still gets its
// `{"received":true}`, with a warning). `application/json` matches with any parameters and in any
// case; a charset, when given, must be UTF-8.
import Foundation

/// The Content-Type rule for JSON bodies.
enum JSONContentType {
    /// A non-empty body whose Content-Type is not JSON (`got`: the header, nil when absent).
    struct Refusal: Error, Equatable {
        let got: String?

        /// The 415 answer's `message`.
        var message: String {
            "Send JSON bodies with Content-Type: application/json (got \(got.map { String($0.prefix(100)) } ?? "none"))"
        }
    }

    /// True when `contentType` names JSON (`application/json`, any parameters, a UTF-8 charset).
    static func accepts(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard parts.first == "application/json" else { return false }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            let charset = parameter.dropFirst("charset=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if charset != "utf-8" && charset != "utf8" { return false }
        }
        return true
    }
}
