// The mirrors' images on disk, so that a restarted claudepm-server starts from what it last held
// instead of from tmux's captures alone (which cannot carry erased backgrounds, the pen, the
// character sets or the cursor save). One file per pane, named by the pane and by the tmux server
// and pane process it belongs to (a new tmux server reuses pane ids), owner-only (0600 in a 0700
// directory): a pane's screen can hold anything the user typed. Written whole to a temporary
// file and renamed, so a crash leaves the old image or the new one, never half of either. An
// image is only ever a hint: the seed compares it with tmux's captures row by row
// (PaneSeedMerge), so a stale one costs nothing but the rows tmux contradicts.
import Foundation
import Glibc

/// Pane images in a directory.
public struct PaneImageStore: Sendable {
    /// The directory (created 0700 on first use).
    public let directory: URL

    /// Images kept in `directory`.
    public init(directory: URL) { self.directory = directory }

    /// A stored image: its size and the bytes that draw it.
    struct Entry: Equatable {
        var rows: Int
        var cols: Int
        var bytes: [UInt8]
    }

    private static let magic = Array("claudepm-pane-image 1\n".utf8)

    /// Writes the image of `pane` (`identity`: PaneState.identity).
    func save(pane: String, identity: String, rows: Int, cols: Int, bytes: [UInt8]) {
        guard (try? DataDirectory.prepare(directory)) != nil else { return }
        let final = url(pane: pane, identity: identity)
        let temporary = final.appendingPathExtension("tmp")
        let data = Self.magic + Array("\(rows) \(cols)\n".utf8) + bytes
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, DataDirectory.fileMode)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == data.count else {
            _ = unlink(temporary.path)
            return
        }
        _ = rename(temporary.path, final.path)
        removeOthers(of: pane, keeping: final.lastPathComponent)
    }

    /// The image of `pane` with this `identity`, if one was stored.
    func load(pane: String, identity: String) -> Entry? {
        guard let data = FileManager.default.contents(atPath: url(pane: pane, identity: identity).path) else {
            return nil
        }
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.magic) else { return nil }
        let rest = bytes.dropFirst(Self.magic.count)
        guard let newline = rest.firstIndex(of: 0x0A) else { return nil }
        let size = String(decoding: rest[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard size.count == 2, size[0] > 0, size[1] > 0 else { return nil }
        return Entry(rows: size[0], cols: size[1], bytes: Array(rest[(newline + 1)...]))
    }

    /// Forgets the images of every tmux server but `server` (`pid-start`): their panes are gone.
    func prune(keepingServer server: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasSuffix(".image") && !name.contains("-\(server)-") {
            _ = unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Forgets every image of `pane` (it closed).
    func remove(pane: String) { removeOthers(of: pane, keeping: nil) }

    private func url(pane: String, identity: String) -> URL {
        directory.appendingPathComponent("\(Self.fileStem(pane))-\(identity).image")
    }

    /// `%12` → `pane12` (the pane id's digits; PaneStreams validates ids).
    private static func fileStem(_ pane: String) -> String { "pane" + pane.filter(\.isNumber) }

    private func removeOthers(of pane: String, keeping kept: String?) {
        let prefix = Self.fileStem(pane) + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name != kept {
            _ = unlink(directory.appendingPathComponent(name).path)
        }
    }
}
