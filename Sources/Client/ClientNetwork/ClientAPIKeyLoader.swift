// Loads the API key the client sends to a configured server, from the server's key source. A key
// file must be a regular file that neither group nor others can access (ClientCore's
// KeyFilePolicy); the key only ever lives in `APIKey`, which redacts itself in every textual
// form. The server loads its own key with claudepm-server's `ServerAPIKeyLoader`;
// docs/architecture.md says why they are two.

import ClientCore
import Foundation

/// Reads the API keys the client sends to its servers, from the environment or from key files.
public enum ClientAPIKeyLoader {
    /// Loads the key for `server`, or nil when it has no key source.
    public static func load(
        for server: ServerConfig, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ClientNetworkError) -> APIKey? {
        guard let source = server.apiKeySource else { return nil }
        return try load(source, environment: environment)
    }

    /// Loads the key from `source`.
    public static func load(_ source: APIKeySource, environment: [String: String]) throws(ClientNetworkError) -> APIKey
    {
        switch source {
        case .environment(let name):
            return try APIKey.fromEnvironment(name, environment: environment).mapError(ClientNetworkError.configuration)
                .get()
        case .file(let path):
            return try loadFile(path)
        }
    }

    private static func loadFile(_ path: String) throws(ClientNetworkError) -> APIKey {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .localFile(path: path, detail: "cannot read API key file: \(String(cString: strerror(errno)))")
        }
        if case .failure(let error) = KeyFilePolicy.check(mode: UInt32(info.st_mode), path: path) {
            throw .configuration(error)
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw .localFile(path: path, detail: "cannot read API key file")
        }
        return try APIKey.fromFileContents(text, path: path).mapError(ClientNetworkError.configuration).get()
    }
}
