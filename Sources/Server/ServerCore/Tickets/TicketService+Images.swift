// `POST /api/tickets/:id/images`: stores an uploaded image in an `images` folder next to the
// ticket's markdown file (confined to the repository, never overwriting), and optionally appends
// a markdown reference to the ticket. Only PNG, JPEG, GIF and WebP (by content), at most 10 MB.
import Foundation

/// An image stored for a ticket.
public struct StoredImage: Sendable, Equatable {
    /// The file name given to it.
    public var filename: String
    /// Its path relative to the repository root.
    public var path: String
    /// `![name](images/<filename>)`, relative to the ticket file.
    public var markdownRef: String
}

extension TicketService {
    /// The largest image accepted, in bytes (10 MB).
    public static let maxImageBytes = 10 * 1024 * 1024

    /// Stores `data` for ticket `id`; with `autoAppend` the markdown reference is appended to the ticket file.
    public func saveImage(_ id: String, data: Data, originalName: String?, autoAppend: Bool) async throws -> StoredImage
    {
        let t = try await get(id)
        guard data.count <= Self.maxImageBytes else { throw ServerError.payloadTooLarge("Image too large (max 10 MB)") }
        guard let kind = ImageKind.sniff(data) else {
            throw ServerError.badRequest("Only image files are allowed (png, jpeg, gif, webp)")
        }
        let files = TicketFiles(repoPath: try await localProject(t.projectId).repoPath)
        let folder = (t.filePath as NSString).deletingLastPathComponent
        let imagesDir = folder.isEmpty ? "images" : "\(folder)/images"
        let stem = Self.imageStem(originalName)
        let filename =
            "\(stem)-\(Self.stamp(clock.now()))-\(UUID().uuidString.prefix(8).lowercased()).\(kind.fileExtension)"
        let path = "\(imagesDir)/\(filename)"
        do {
            try FileManager.default.createDirectory(at: try files.resolve(imagesDir), withIntermediateDirectories: true)
            try data.write(to: try files.resolve(path), options: .withoutOverwriting)
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError.internalError("Failed to store image")
        }
        let image = StoredImage(filename: filename, path: path, markdownRef: "![\(stem)](images/\(filename))")
        if autoAppend { try appendReference(image.markdownRef, to: t, files: files) }
        return image
    }

    private func appendReference(_ ref: String, to t: TicketRecord, files: TicketFiles) throws {
        let url = try files.resolve(t.filePath)
        var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += "\n\(ref)\n"
        do { try text.write(to: url, atomically: true, encoding: .utf8) } catch {
            throw ServerError.internalError("Failed to update ticket file: \(t.filePath)")
        }
    }

    /// A safe file-name stem from the client's name: ASCII letters, digits, `-` and `_`, ≤ 40, else `image`.
    static func imageStem(_ name: String?) -> String {
        let base = ((name ?? "") as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        let kept = stem.unicodeScalars.filter {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
        }
        let text = String(String(kept).prefix(40))
        return text.isEmpty ? "image" : text
    }

    private static func stamp(_ date: Date) -> String {
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
        let parts = [c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0]
        return parts.map { String(format: "%02d", $0) }.joined()
    }
}
