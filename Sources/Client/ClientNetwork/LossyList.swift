// A JSON array decoded element by element: the elements that decode are kept, each one that does
// not is described (index, its `id` when it has one, and the reason) instead of failing the whole
// list. A server that sends one odd record (a new status, a missing field, a number where a string
// belongs) still has every other record shown. `LossyPage` reads the `{"data":[…]}` answers
// (paginated lists, notifications) the same way.
import ClaudePMProtocol
import Foundation

/// The decodable elements of a JSON array, and the reasons for the others.
public struct LossyList<Element: Decodable & Sendable>: Decodable, Sendable {
    /// Elements that decoded, in order.
    public var items: [Element]
    /// One line per element left out: `#index (id prefix): reason`, or `#index: reason` without an id.
    public var skipped: [String]

    /// A list of `items`, with `skipped` descriptions.
    public init(items: [Element], skipped: [String] = []) {
        self.items = items
        self.skipped = skipped
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var items: [Element] = []
        var skipped: [String] = []
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                items.append(try container.decode(Element.self))
            } catch {
                let name = (try? container.decode(RecordName.self))?.id.map { " (\($0.prefix(8)))" } ?? ""
                skipped.append("#\(index)\(name): \(Self.reason(error, below: decoder.codingPath.count + 1))")
                if container.currentIndex == index { break }  // could not step over it
            }
        }
        self.items = items
        self.skipped = skipped
    }

    /// Any JSON value, read for its `id` (nil when it is not an object or has no string id).
    private struct RecordName: Decodable {
        enum Key: String, CodingKey { case id }
        let id: String?

        init(from decoder: any Decoder) throws {
            id = try? decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: .id)
        }
    }

    /// Why an element failed, its field path counted from the element (`depth` keys down).
    private static func reason(_ error: any Error, below depth: Int) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.dropFirst(depth).map(\.stringValue).joined(separator: ".")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "no \(key.stringValue)"
        case .typeMismatch(_, let context)?: return path(context).isEmpty ? "not an object" : "bad \(path(context))"
        case .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            return path(context).isEmpty ? context.debugDescription : "bad \(path(context))"
        default: return "\(error)"
        }
    }
}

/// A `{"data":[…], "pagination":{…}}` answer whose records are read one by one (`pagination` is
/// absent from the notification list).
public struct LossyPage<Element: Decodable & Sendable>: Decodable, Sendable {
    /// The records that decoded, and the reasons for the others.
    public var data: LossyList<Element>
    /// The page's place in the whole list.
    public var pagination: Pagination?
}
