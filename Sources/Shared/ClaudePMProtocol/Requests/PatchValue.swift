// A field that can be absent, explicitly `null`, or set: needed where a PATCH body gives `null`
// a meaning of its own (`tmux_window: null` clears the window).

/// Tri-state value of a PATCH field.
public enum PatchValue<Wrapped: Sendable & Equatable & Codable>: Sendable, Equatable {
    /// The key is not in the body: leave the field unchanged.
    case absent
    /// The key is `null`: clear the field.
    case null
    /// The key has a value.
    case set(Wrapped)

    /// The value if set, otherwise nil.
    public var value: Wrapped? {
        if case .set(let wrapped) = self { return wrapped }
        return nil
    }

    /// True unless `.absent`.
    public var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }
}

extension KeyedDecodingContainer {
    /// Decodes a tri-state PATCH field.
    func decodePatch<T>(_ type: T.Type, forKey key: Key) throws -> PatchValue<T> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .set(try decode(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes a tri-state PATCH field: nothing, `null` or the value.
    mutating func encodePatch<T>(_ value: PatchValue<T>, forKey key: Key) throws {
        switch value {
        case .absent: break
        case .null: try encodeNil(forKey: key)
        case .set(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}
