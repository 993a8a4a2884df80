// Foundation's JSONEncoder on Linux writes object keys in an unpredictable order (it changes
// between runs). Upstream (JavaScript) writes them in declaration order, and deterministic output
// matters for logs and byte-level comparisons, so Claude PM encoding goes through this subclass.
import Foundation

/// A `JSONEncoder` that writes keys in coding order, compactly, with Claude PM's conventions:
/// dates as `YYYY-MM-DDTHH:mm:ss.sssZ`, `Data` as base64, no escaped slashes. Of the inherited
/// settings only `outputFormatting`'s `.prettyPrinted` and `.sortedKeys` are honoured; the
/// strategies are ignored.
///
/// `@unchecked Sendable`: the subclass adds no stored state; every `encode(_:)` call builds its
/// own tree, so sharing an instance across tasks is as safe as sharing a `JSONEncoder`.
public final class ClaudePMJSONEncoder: JSONEncoder, @unchecked Sendable {
    /// Encodes `value` as compact JSON in coding order.
    public override func encode<T: Encodable>(_ value: T) throws -> Data {
        let node = try OrderedEncoder.node(for: value, codingPath: [])
        var output = ""
        let layout = JSONNode.Layout(
            pretty: outputFormatting.contains(.prettyPrinted), sortedKeys: outputFormatting.contains(.sortedKeys))
        node.write(into: &output, layout: layout)
        return Data(output.utf8)
    }
}
