// Express's default ETags and freshness rule, so conditional GETs behave as against upstream:
// the tag is the `etag` package's weak form `W/"<byte length, hex>-<base64 SHA-1, first 27>"`, and a
// request is fresh (answered 304) as the `fresh` package decides: `If-None-Match` lists the tag
// (weak comparison) or is `*`, `Cache-Control: no-cache` forces a full answer, and an
// `If-Modified-Since` never matches (the server sends no `Last-Modified`).
import Foundation

/// Express-compatible weak entity tags.
enum WeakETag {
    /// The weak ETag of a body, e.g. `W/"d-bNNVbesNpUvKBgtMOUeYOmjw3Ho"`.
    static func tag(for body: some Collection<UInt8>) -> String {
        let hash = Data(SHA1.digest(body)).base64EncodedString().prefix(27)
        return "W/\"\(String(body.count, radix: 16))-\(hash)\""
    }

    /// True when the request's validators match `etag`, so the answer is 304 (the `fresh` package).
    static func isFresh(ifNoneMatch: String?, ifModifiedSince: String?, cacheControl: String?, etag: String) -> Bool {
        guard ifNoneMatch != nil || ifModifiedSince != nil else { return false }
        if let cacheControl, hasNoCache(cacheControl) { return false }
        if let ifNoneMatch, ifNoneMatch != "*" {
            let tokens = ifNoneMatch.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            guard tokens.contains(where: { $0 == etag || "W/" + $0 == etag || $0 == "W/" + etag }) else {
                return false
            }
        }
        // No Last-Modified is ever sent, so an If-Modified-Since is always stale.
        return ifModifiedSince == nil
    }

    /// `/(?:^|,)\s*?no-cache\s*?(?:,|$)/`: a `no-cache` directive anywhere in the list.
    private static func hasNoCache(_ cacheControl: String) -> Bool {
        cacheControl.split(separator: ",", omittingEmptySubsequences: false).contains {
            $0.trimmingCharacters(in: .whitespaces) == "no-cache"
        }
    }
}
