// The ordered tree the Claude PM encoder builds: objects keep their keys in insertion order, so
// output follows each type's declared coding order, like JavaScript's JSON.stringify.
import Foundation

/// One JSON value under construction. A reference type so containers can keep writing into a
/// node after handing it out (nested containers, super encoders, flattened types).
final class JSONNode {
    enum Kind {
        case empty, scalar, object, array
    }

    private(set) var kind: Kind = .empty
    private var text = ""
    private var keys: [String] = []
    private var members: [String: JSONNode] = [:]
    private var items: [JSONNode] = []

    init() {}

    init(scalar: String) {
        kind = .scalar
        text = scalar
    }

    /// Turns this node into an object, keeping existing members if it already is one.
    func makeObject() {
        guard kind != .object else { return }
        kind = .object
        keys = []
        members = [:]
    }

    /// Turns this node into an array, keeping existing items if it already is one.
    func makeArray() {
        guard kind != .array else { return }
        kind = .array
        items = []
    }

    /// Sets this node to a scalar's JSON text.
    func setScalar(_ json: String) {
        kind = .scalar
        text = json
    }

    /// Sets member `key`; a new key goes last, a repeated key keeps its first position.
    func set(_ key: String, _ child: JSONNode) {
        makeObject()
        if members.updateValue(child, forKey: key) == nil { keys.append(key) }
    }

    /// Appends an array item.
    func append(_ child: JSONNode) {
        makeArray()
        items.append(child)
    }

    /// Number of array items.
    var count: Int { items.count }

    /// Layout options honoured by `write`.
    struct Layout {
        /// Indent nested values by two spaces per level, with `"key" : value` members.
        var pretty = false
        /// Write object members in key order instead of insertion order.
        var sortedKeys = false
    }

    /// Serializes the node. An empty node (nothing encoded) becomes `{}`, like `JSONEncoder`.
    func write(into output: inout String, layout: Layout = Layout(), level: Int = 0) {
        switch kind {
        case .empty: output += "{}"
        case .scalar: output += text
        case .array:
            writeList(items.count, open: "[", close: "]", into: &output, layout: layout, level: level) { index, out in
                items[index].write(into: &out, layout: layout, level: level + 1)
            }
        case .object:
            let order = layout.sortedKeys ? keys.sorted() : keys
            writeList(order.count, open: "{", close: "}", into: &output, layout: layout, level: level) { index, out in
                JSONScalar.appendQuoted(order[index], to: &out)
                out += layout.pretty ? " : " : ":"
                members[order[index]]?.write(into: &out, layout: layout, level: level + 1)
            }
        }
    }

    private func writeList(
        _ count: Int, open: String, close: String, into output: inout String, layout: Layout, level: Int,
        element: (Int, inout String) -> Void
    ) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        let inner = layout.pretty ? "\n" + String(repeating: "  ", count: level + 1) : ""
        for index in 0..<count {
            output += index > 0 ? "," + inner : inner
            element(index, &output)
        }
        output += layout.pretty ? "\n" + String(repeating: "  ", count: level) + close : close
    }
}
