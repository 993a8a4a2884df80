// Recognises the image formats a ticket may carry from their leading bytes (never from the
// client's file name or content type), so a renamed script or HTML page is refused.
import Foundation

/// An accepted image format.
public enum ImageKind: String, Sendable, CaseIterable {
    /// PNG (`\x89PNG\r\n\x1a\n`).
    case png
    /// JPEG (`FF D8 FF`).
    case jpeg
    /// GIF87a / GIF89a.
    case gif
    /// WebP (`RIFF…WEBP`).
    case webp

    /// The file extension used when storing it.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The format of `data`, nil when it is none of the accepted ones.
    public static func sniff(_ data: Data) -> ImageKind? {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }
}
