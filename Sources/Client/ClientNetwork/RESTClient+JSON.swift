// The JSON coders used for REST bodies.

import ClaudePMProtocol
import Foundation

extension RESTClient {
    /// Decodes server answers (ISO-8601 dates with milliseconds are left to the resource types).
    /// JSON5 is allowed so that a server writing `NaN` or `Infinity` (not JSON) where a number
    /// belongs does not void the whole answer: the number is read, and the record it is in
    /// decodes (a non-finite `context_percent` reads as unknown) or is skipped alone (LossyList).
    static var decoder: JSONDecoder {
        let decoder = ClaudePMJSON.decoder()
        decoder.allowsJSON5 = true
        return decoder
    }
    /// Encodes request bodies.
    static var encoder: JSONEncoder { ClaudePMJSON.encoder() }
}
