// Unkeyed and single-value containers of `OrderedEncoder`.

/// Unkeyed container: appends array items.
struct OrderedUnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws {
        node.append(JSONNode(scalar: "null"))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try OrderedEncoder.node(for: value, codingPath: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        child()
    }

    private func child() -> OrderedEncoder {
        let child = JSONNode()
        let path = codingPath + [IndexKey(count)]
        node.append(child)
        return OrderedEncoder(node: child, codingPath: path)
    }
}

/// Single-value container: replaces the node's content.
struct OrderedSingleValueContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.setScalar("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let text = try JSONScalar.text(of: value) {
            node.setScalar(text)
        } else {
            try value.encode(to: OrderedEncoder(node: node, codingPath: codingPath))
        }
    }
}

/// An array index as a coding key.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        intValue = index
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }
}
