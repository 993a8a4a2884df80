/// `POST /api/tickets/:id/images`: `{"success":true,"filename","path","markdownRef"}` (camelCase ref).
public struct ImageUploadResponse: Sendable, Equatable, Codable {
    /// Always true.
    public var success: Bool
    /// Stored file name.
    public var filename: String
    /// Stored path.
    public var path: String
    /// Markdown snippet referencing the image.
    public var markdownRef: String

    /// Memberwise initializer.
    public init(success: Bool = true, filename: String, path: String, markdownRef: String) {
        self.success = success
        self.filename = filename
        self.path = path
        self.markdownRef = markdownRef
    }
}
