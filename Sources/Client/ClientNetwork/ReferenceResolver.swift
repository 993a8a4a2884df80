// Resolves what a person types for a session or ticket: a full id, a unique id prefix, or a
// key such as a ticket's `CSM-001`. Exact matches win over prefixes; an ambiguous prefix is an
// error that lists the candidates, so the user can type more.

/// One thing that can be referred to.
public struct Referable: Sendable, Equatable {
    /// The id (a UUID).
    public var id: String
    /// Other exact names, matched case-insensitively (ticket keys, pane names).
    public var keys: [String]
    /// How to show it in an "ambiguous" error.
    public var label: String

    /// Creates an item.
    public init(id: String, keys: [String] = [], label: String) {
        self.id = id
        self.keys = keys
        self.label = label
    }
}

/// Matches references against items.
public enum ReferenceResolver {
    /// The id of the one item `reference` means. `kind` ("session", "ticket") names it in errors.
    public static func resolve(
        _ reference: String, in items: [Referable], kind: String
    ) throws(ClientNetworkError) -> String {
        let wanted = reference.lowercased()
        guard !wanted.isEmpty else { throw .noMatch(kind: kind, reference: reference) }
        let exact = items.filter { $0.id.lowercased() == wanted || $0.keys.contains { $0.lowercased() == wanted } }
        if exact.count == 1 { return exact[0].id }
        let candidates = exact.isEmpty ? items.filter { $0.id.lowercased().hasPrefix(wanted) } : exact
        switch candidates.count {
        case 0: throw .noMatch(kind: kind, reference: reference)
        case 1: return candidates[0].id
        default:
            throw .ambiguous(kind: kind, reference: reference, candidates: candidates.map(\.label).sorted())
        }
    }
}
