// Local persistence of the last known server state, so a restart can show it at once (marked
// stale until the server answers). One directory per server endpoint (scheme, host, port) under
// $XDG_STATE_HOME/claudepm/servers/, and every value carries that identity, checked on load;
// each value is one JSON file written atomically (AtomicFile). Reading never crashes: a missing
// file is `.missing`, an unreadable or corrupt one is `.corrupt` with the reason, and temporary
// files left by a crash mid-write are never read.

import ClientCore
import Foundation

/// The result of reading a stored value.
public enum StoredValue<Value: Sendable>: Sendable {
    /// Nothing stored yet.
    case missing
    /// The value and when it was saved.
    case loaded(Value, savedAt: Date)
    /// The file exists but could not be decoded; it is ignored.
    case corrupt(path: String, detail: String)

    /// The value, if one was loaded.
    public var value: Value? {
        if case .loaded(let value, _) = self { return value }
        return nil
    }
}

/// Reads and writes JSON values for one server.
public struct StateStore: Sendable {
    /// The server's directory.
    public let directory: String
    /// The endpoint the values belong to (`ServerConfig.endpointIdentity`); every value is saved
    /// with it, and a value saved for another identity is never loaded. Nil: not checked.
    public let identity: String?

    /// A store rooted at `directory`, for values of the server `identity`.
    public init(directory: String, identity: String? = nil) {
        self.directory = directory
        self.identity = identity
    }

    /// A file-name-safe spelling of a server name (letters, digits, `-`, `_`, `.`; others as `_`).
    static func safeName(_ name: String) -> String {
        let mapped = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }
        let text = String(mapped)
        return text.isEmpty || text.hasPrefix(".") ? "_" + text : text
    }

    /// The file that holds the value called `name`.
    public func path(of name: String) -> String {
        directory + "/" + Self.safeName(name) + ".json"
    }

    private struct Envelope<Value: Codable>: Codable {
        var version: Int
        var savedAt: Date
        var identity: String?
        var value: Value
    }

    private static let formatVersion = 1

    /// Saves `value` under `name`, atomically.
    public func save<Value: Codable>(_ value: Value, as name: String, now: Date = Date()) throws(ClientNetworkError) {
        let envelope = Envelope(version: Self.formatVersion, savedAt: now, identity: identity, value: value)
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(envelope)
        } catch {
            throw .localFile(path: path(of: name), detail: "cannot encode: \(error)")
        }
        try AtomicFile.write(data, to: path(of: name))
    }

    /// Loads the value called `name`.
    public func load<Value: Codable & Sendable>(_ type: Value.Type, from name: String) -> StoredValue<Value> {
        let file = path(of: name)
        guard FileManager.default.fileExists(atPath: file) else { return .missing }
        // FileManager.contents(atPath:) leaks a 4 KiB buffer on an empty file (found by
        // Fuzz/Targets/state under LeakSanitizer), and an empty file is never valid state anyway.
        var info = stat()
        if stat(file, &info) == 0, info.st_size == 0 { return .corrupt(path: file, detail: "the file is empty") }
        guard let data = FileManager.default.contents(atPath: file) else {
            return .corrupt(path: file, detail: "cannot read the file")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let envelope = try decoder.decode(Envelope<Value>.self, from: data)
            guard envelope.version == Self.formatVersion else {
                return .corrupt(path: file, detail: "unknown format version \(envelope.version)")
            }
            if let identity, envelope.identity != identity {
                return .corrupt(
                    path: file, detail: "saved for \(envelope.identity ?? "an unknown server"), not \(identity)")
            }
            return .loaded(envelope.value, savedAt: envelope.savedAt)
        } catch {
            return .corrupt(path: file, detail: "not valid saved state (\(error))")
        }
    }

    /// Removes the value called `name` (no error if it does not exist).
    public func remove(_ name: String) {
        unlink(path(of: name))
    }
}
