// An `Encoder` that writes into a `JSONNode`, keeping keys in the order they are encoded.

/// The `Encoder` handed to `Encodable.encode(to:)` by `ClaudePMJSONEncoder`.
struct OrderedEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes `value` into a fresh node.
    static func node(for value: some Encodable, codingPath: [any CodingKey]) throws -> JSONNode {
        if let text = try JSONScalar.text(of: value) { return JSONNode(scalar: text) }
        let node = JSONNode()
        try value.encode(to: OrderedEncoder(node: node, codingPath: codingPath))
        return node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(OrderedKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return OrderedUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        OrderedSingleValueContainer(node: node, codingPath: codingPath)
    }
}

/// Keyed container: each key becomes an object member, in encoding order.
struct OrderedKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.set(key.stringValue, JSONNode(scalar: "null"))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(key.stringValue, try OrderedEncoder.node(for: value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        child(SuperKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        child(key)
    }

    private func child(_ key: any CodingKey) -> OrderedEncoder {
        let child = JSONNode()
        node.set(key.stringValue, child)
        return OrderedEncoder(node: child, codingPath: codingPath + [key])
    }
}

/// The key `super` used by `superEncoder()`.
enum SuperKey: String, CodingKey {
    case `super`
}
