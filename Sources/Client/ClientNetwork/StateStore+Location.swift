// Where a server's store lives: a directory under $XDG_STATE_HOME/claudepm/servers/ named after
// the endpoint (scheme, host, port) plus a short digest. Apart from StateStore.swift so that the
// fuzz slice (Scripts/fuzz), which builds no packages, can compile the store without swift-crypto.

import ClientCore
import Crypto
import Foundation

extension StateStore {
    /// The store for `server` under the XDG state directory, or nil without HOME/XDG_STATE_HOME.
    /// The directory is named after the endpoint (scheme, host, port), not the configured name.
    public static func forServer(_ server: ServerConfig, environment: [String: String]) -> StateStore? {
        let identity = server.endpointIdentity
        return ConfigPaths.stateDirectory(environment: environment).map {
            StateStore(directory: $0 + "/servers/" + directoryName(identity), identity: identity)
        }
    }

    /// A readable, collision-free directory name for an endpoint identity.
    static func directoryName(_ identity: String) -> String {
        let digest = SHA256.hash(data: Data(identity.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
        return safeName(identity.replacingOccurrences(of: "://", with: "-")) + "-" + digest
    }
}
