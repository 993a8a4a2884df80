// The JSON coders used for REST bodies.

import ClaudePMProtocol
import Foundation

extension RESTClient {
    /// Decodes server answers (ISO-8601 dates with milliseconds are left to the resource types).
    static var decoder: JSONDecoder { ClaudePMJSON.decoder() }
    /// Encodes request bodies.
    static var encoder: JSONEncoder { ClaudePMJSON.encoder() }
}
