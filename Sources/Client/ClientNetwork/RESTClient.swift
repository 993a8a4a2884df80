// The REST half of the client for one server: builds requests (with `X-API-Key` only when a key
// is configured), applies a timeout, and turns every failure into a ClientNetworkError that says
// what failed. One AsyncHTTPClient is shared by the whole process; per-server TLS trust travels
// on each request. Typed endpoints live in RESTClient+Endpoints.swift.

import AsyncHTTPClient
import ClientCore
import Foundation
import NIOCore
import NIOSSL

/// A REST client for one Claude PM server.
public struct RESTClient: Sendable {
    /// The server this client talks to.
    public let server: ServerConfig
    /// How long one request may take.
    public var timeout: Duration
    let apiKey: APIKey?
    let tls: ResolvedTLS?
    let http: HTTPClient

    /// Creates a client. `tls` comes from `TLSSetup.resolve` (nil for http URLs).
    public init(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, timeout: Duration = .seconds(15),
        httpClient: HTTPClient = SharedHTTPClient.shared
    ) {
        self.server = server
        self.apiKey = apiKey
        self.tls = tls
        self.timeout = timeout
        self.http = httpClient
    }

    /// A raw answer: status code and body bytes.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The body.
        public var body: Data
    }

    /// Performs a request and returns a 2xx answer; any other status becomes an error.
    /// `resource` names the thing asked for in error messages (e.g. "session 1a2b…").
    public func perform(
        _ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil, resource: String
    ) async throws(ClientNetworkError) -> Response {
        let request = try makeRequest(method, path, query: query, body: body)
        let operation = "\(method) \(path)"
        let response: Response
        do {
            let answer = try await http.execute(request, timeout: .nanoseconds(timeout.nanosecondsClamped))
            let bytes = try await answer.body.collect(upTo: 32 << 20)
            response = Response(status: Int(answer.status.code), body: Data(bytes.readableBytesView))
        } catch {
            if TLSDiagnosis.isTLS(error) {
                throw await TLSDiagnosis.explain(server, trusted: tls?.trustedFingerprint, detail: "\(error)")
            }
            throw classify(error, operation: operation)
        }
        guard (200..<300).contains(response.status) else {
            throw statusError(response, resource: resource)
        }
        return response
    }

    /// Performs a request and decodes the JSON answer as `T`.
    public func decode<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil,
        resource: String
    ) async throws(ClientNetworkError) -> T {
        let response = try await perform(method, path, query: query, body: body, resource: resource)
        do {
            return try RESTClient.decoder.decode(T.self, from: response.body)
        } catch {
            let detail = Self.looksLikeHTML(response.body) ? Self.htmlAnswer : "\(error)"
            throw .badResponse(server: server.name, operation: "\(method) \(path)", detail: detail)
        }
    }

    /// What a user is told when an HTML page answers where JSON was expected.
    static let htmlAnswer =
        "the answer is an HTML page, not the server's JSON: a captive portal, a proxy or another web server "
        + "is answering at this address"

    /// True when `body` starts (after white space) with `<`: an HTML page, not JSON.
    static func looksLikeHTML(_ body: Data) -> Bool {
        body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// Encodes a request body as JSON.
    public func encodeBody<B: Encodable>(_ value: B) throws(ClientNetworkError) -> Data {
        do {
            return try RESTClient.encoder.encode(value)
        } catch {
            throw .badResponse(server: server.name, operation: "encode request", detail: "\(error)")
        }
    }

    func makeRequest(
        _ method: String, _ path: String, query: [(String, String)], body: Data?
    ) throws(ClientNetworkError) -> HTTPClientRequest {
        var components = URLComponents(url: server.httpBaseURL, resolvingAgainstBaseURL: false)
        let prefix = components?.path ?? ""
        components?.path = prefix + path
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components?.url else {
            throw .configuration(.invalidURL(server: server.name, url: server.url.absoluteString))
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .init(rawValue: method)
        request.headers.add(name: "Accept", value: "application/json")
        if let apiKey { request.headers.add(name: "X-API-Key", value: apiKey.value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        if let tls { request.tlsConfiguration = tls.configuration }
        return request
    }

    func statusError(_ response: Response, resource: String) -> ClientNetworkError {
        let message = Self.errorText(response.body)
        switch response.status {
        case 401: return apiKey == nil ? .authMissing(server: server.name) : .authRejected(server: server.name)
        case 404: return .notFound(server: server.name, resource: resource, message: message)
        case 500...: return .serverError(server: server.name, status: response.status, message: message)
        default: return .rejected(server: server.name, status: response.status, message: message)
        }
    }

    /// The `error` (and `message`, `details`) text of a Claude PM error body, or the raw text.
    static func errorText(_ body: Data) -> String {
        struct ErrorFields: Decodable {
            var error: String?
            var message: String?
            var details: [String: [String]]?
        }
        guard let decoded = try? JSONDecoder().decode(ErrorFields.self, from: body), let error = decoded.error else {
            return String(decoding: body.prefix(300), as: UTF8.self)
        }
        var text = error
        if let message = decoded.message, !message.isEmpty { text += ": \(message)" }
        if let details = decoded.details, !details.isEmpty {
            text +=
                " ("
                + details.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: "; "))" }
                .joined(separator: ", ") + ")"
        }
        return text
    }

    func classify(_ error: any Error, operation: String) -> ClientNetworkError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return .timedOut(server: server.name, operation: operation)
            case .connectTimeout, .getConnectionFromPoolTimeout:
                return .unreachable(server: server.name, detail: "connection timed out")
            case .remoteConnectionClosed:
                return .unreachable(server: server.name, detail: "the connection was closed")
            default:
                break
            }
        }
        if error is NIOSSLError || error is BoringSSLError {
            return .tls(server: server.name, detail: "\(error)")
        }
        return .unreachable(server: server.name, detail: Self.describe(error))
    }

    /// A short human description of a transport error.
    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("connection refused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }
}
