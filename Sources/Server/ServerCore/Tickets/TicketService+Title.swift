// `PATCH /api/tickets/:id/title` for adhoc tickets: the new title gives a new slug, the file is
// moved to `<same folder>/<slug>.md` (confined to the repository) and its first `# ` heading is
// rewritten, as upstream. An existing file at the new path is never overwritten (409).
import Foundation

extension TicketService {
    static func slugTaken(_ slug: String, _ projectId: String) -> ServerError {
        .conflict("Adhoc ticket with slug '\(slug)' already exists in project \(projectId)")
    }

    /// Retitles an adhoc ticket, renaming its file after the title's slug.
    public func updateTitle(_ id: String, title: String) async throws -> TicketRecord {
        var t = try await get(id)
        guard t.isAdhoc else {
            throw ServerError.badRequest("Cannot update title of non-adhoc tickets. Edit the markdown file directly.")
        }
        let slug = Self.slug(fromTitle: title)
        guard slug.count >= 3 else {
            throw ServerError.badRequest("Title must generate a slug with at least 3 characters")
        }
        let files = TicketFiles(repoPath: try await localProject(t.projectId).repoPath)
        let folder = (t.filePath as NSString).deletingLastPathComponent
        let newPath = folder.isEmpty ? "\(slug).md" : "\(folder)/\(slug).md"
        let oldURL = try files.resolve(t.filePath)
        let newURL = try files.resolve(newPath)
        if newPath != t.filePath {
            let projectId = t.projectId
            let taken = try await store.read {
                try $0.count(
                    TicketRecord.self, where: "project_id = ? AND file_path = ?", [.text(projectId), .text(newPath)])
            }
            if taken > 0 || FileManager.default.fileExists(atPath: newURL.path) {
                throw Self.slugTaken(slug, t.projectId)
            }
        }
        let old = (try? String(contentsOf: oldURL, encoding: .utf8)) ?? "# \(title)\n\n"
        do {
            try FileManager.default.createDirectory(
                at: newURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.replacingHeading(old, with: title).write(to: newURL, atomically: true, encoding: .utf8)
        } catch {
            throw ServerError.internalError("Failed to write file: \(newPath)")
        }
        if newPath != t.filePath { try? FileManager.default.removeItem(at: oldURL) }
        t.title = title
        t.filePath = newPath
        t.updatedAt = clock.now()
        let updated = t
        try await store.write { try $0.update(updated) }
        return updated
    }

    /// Upstream's slug: lowercase, only `a-z0-9`, spaces and `-`; whitespace runs become `-`,
    /// repeated `-` collapse, no leading or trailing `-`, at most 50 characters.
    static func slug(fromTitle title: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in title.lowercased().trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars {
            if scalar == "-" || CharacterSet.whitespacesAndNewlines.contains(scalar) {
                pendingDash = true
            } else if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            }
        }
        return String(out.prefix(50))
    }

    /// The markdown with its first `# ` heading line replaced by `# title` (unchanged if none).
    static func replacingHeading(_ markdown: String, with title: String) -> String {
        var lines = markdown.components(separatedBy: "\n")
        guard
            let index = lines.firstIndex(where: {
                $0.hasPrefix("#") && $0.dropFirst().first?.isWhitespace == true
                    && !$0.dropFirst().trimmingCharacters(in: .whitespaces).isEmpty
            })
        else { return markdown }
        lines[index] = "# \(title)"
        return lines.joined(separator: "\n")
    }
}
