// Ticket files on disk: scanning `<repo>/<tickets_path>` for `ABC-123-title.md`, reading titles,
// and confining every path to the repository (no `..`, no absolute paths, no escaping symlinks).
import Foundation

/// One ticket file found by a scan.
struct TicketFile: Equatable {
    var externalId: String
    var title: String
    /// Path relative to the repository root.
    var relativePath: String
}

/// Filesystem access for tickets, confined to one repository.
struct TicketFiles {
    let repoRoot: URL

    init(repoPath: String) { repoRoot = URL(fileURLWithPath: repoPath).resolvingSymlinksInPath() }

    /// Resolves a repository-relative path, rejecting anything that would leave the repository.
    func resolve(_ relative: String) throws -> URL {
        if relative.hasPrefix("/") || relative.split(separator: "/").contains("..") || relative.contains("\0") {
            throw ServerError.badRequest("Path escapes the repository: \(relative)")
        }
        let url = repoRoot.appendingPathComponent(relative).resolvingSymlinksInPath()
        let root = repoRoot.path.hasSuffix("/") ? repoRoot.path : repoRoot.path + "/"
        guard url.path == repoRoot.path || url.path.hasPrefix(root) else {
            throw ServerError.badRequest("Path escapes the repository: \(relative)")
        }
        return url
    }

    /// Every `^[A-Z]+-\d+` markdown file under `ticketsPath`, recursively.
    func scan(ticketsPath: String) throws -> [TicketFile] {
        let dir = try resolve(ticketsPath)
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        var found: [TicketFile] = []
        for case let url as URL in walker where url.pathExtension == "md" {
            guard let ext = Self.externalId(url.lastPathComponent) else { continue }
            let rel = String(url.path.dropFirst(repoRoot.path.count).drop { $0 == "/" })
            guard let real = try? resolve(rel) else { continue }
            let text = (try? String(contentsOf: real, encoding: .utf8)) ?? ""
            let name = String(url.lastPathComponent.dropLast(3))
            found.append(TicketFile(externalId: ext, title: Self.title(text) ?? name, relativePath: rel))
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    /// The markdown content, or the upstream's placeholder text.
    func content(_ relative: String) -> String {
        guard let url = try? resolve(relative) else { return "[File not found]" }
        guard FileManager.default.fileExists(atPath: url.path) else { return "[File not found]" }
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            return "[Error reading file: \(error.localizedDescription)]"
        }
    }

    /// Writes a new file, creating directories; fails if it exists.
    func create(_ relative: String, content: String) throws {
        let url = try resolve(relative)
        if FileManager.default.fileExists(atPath: url.path) { throw ServerError.conflict("File already exists") }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: url, atomically: true, encoding: .utf8)
    }

    /// `CSM-001` from `CSM-001-title.md`.
    static func externalId(_ fileName: String) -> String? {
        let letters = fileName.prefix { $0.isASCII && $0.isUppercase }
        guard !letters.isEmpty else { return nil }
        let rest = fileName.dropFirst(letters.count)
        guard rest.first == "-" else { return nil }
        let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        return "\(letters)-\(digits)"
    }

    /// The first `# ` heading.
    static func title(_ markdown: String) -> String? {
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("# ") {
            let t = line.dropFirst(2).trimmingCharacters(in: .whitespacesAndNewlines)
            if !t.isEmpty { return t }
        }
        return nil
    }
}
