// A JSON array decoded element by element: the elements that decode are kept, each one that does
// not is described (index and reason) instead of failing the whole list. A server that sends one
// odd record (a new status, a missing field) still has every other record shown.
import Foundation

/// The decodable elements of a JSON array, and the reasons for the others.
public struct LossyList<Element: Decodable & Sendable>: Decodable, Sendable {
    /// Elements that decoded, in order.
    public var items: [Element]
    /// One line per element left out: `#index: reason`.
    public var skipped: [String]

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var items: [Element] = []
        var skipped: [String] = []
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                items.append(try container.decode(Element.self))
            } catch {
                skipped.append("#\(index): \(Self.reason(error))")
                _ = try? container.decode(Skip.self)
                if container.currentIndex == index { break }  // could not step over it
            }
        }
        self.items = items
        self.skipped = skipped
    }

    /// Any JSON value, read and forgotten.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "no \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "bad \(path)"
        default: return "\(error)"
        }
    }
}
