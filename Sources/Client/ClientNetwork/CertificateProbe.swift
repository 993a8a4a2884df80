// Fetches a TLS server's leaf certificate without trusting it, so that a pinned or
// trust-on-first-use fingerprint can be checked before any request or key is sent. The probe
// aborts the handshake right after seeing the certificate: nothing is ever written to the server.

import Crypto
import NIOCore
import NIOPosix
import NIOSSL

/// Reads the certificate a TLS server presents.
public enum CertificateProbe {
    /// The leaf certificate `host:port` presents. `sniHostname` replaces `host` in the handshake
    /// (needed for IP addresses, which cannot be sent as SNI).
    public static func leafCertificate(
        host: String, port: Int, sniHostname: String?, timeout: TimeAmount = .seconds(10)
    ) async throws -> NIOSSLCertificate {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        let context = try NIOSSLContext(configuration: tls)
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: NIOSSLCertificate.self)
        let bootstrap = ClientBootstrap(group: group).connectTimeout(timeout).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                let handler = try NIOSSLClientHandler(
                    context: context, serverHostname: sniHostname ?? host,
                    customVerificationCallback: { certificates, verification in
                        if let leaf = certificates.first {
                            promise.succeed(leaf)
                        } else {
                            promise.fail(NIOSSLError.noCertificateToValidate)
                        }
                        verification.succeed(.failed)
                    })
                try channel.pipeline.syncOperations.addHandler(handler)
            }
        }
        let channel: Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            // A promise must be completed even when no channel ever existed (refused, timeout).
            promise.fail(error)
            throw error
        }
        channel.closeFuture.whenComplete { _ in promise.fail(ChannelError.ioOnClosedChannel) }
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            promise.fail(ChannelError.connectTimeout(timeout))
        }
        defer {
            deadline.cancel()
            channel.close(promise: nil)
        }
        return try await promise.futureResult.get()
    }

    /// SHA-256 of the certificate's DER bytes, as 64 lowercase hex digits.
    public static func fingerprint(of certificate: NIOSSLCertificate) throws -> String {
        let digest = SHA256.hash(data: try certificate.toDERBytes())
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
