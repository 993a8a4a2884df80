// Separate hosts on one machine (issue 16): a client namespace and one namespace per server host,
// each host joined to the client by its own veth pair and /30 subnet. Every address lives inside
// the test's own namespaces, so the machine's own network is never touched; deleting a namespace
// removes its end of the pair and with it the other. A host's link can be cut and restored from
// the host side (the client still routes to it, packets vanish: a half-open link), or from the
// client side (the client has no route to it).
import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Namespaces and links of one test.
final class NetnsFleet: Sendable {
    /// One server host.
    struct Host: Sendable {
        /// Its name in the client's config (`[server.<name>]`).
        var name: String
        /// The namespace it runs in.
        var namespace: String
        /// Its address, as the client reaches it.
        var address: String
        /// Its end of the veth pair (inside `namespace`).
        var link: String
        /// The client's end of the pair (inside the client namespace).
        var clientLink: String
    }

    /// Where claudepm runs.
    let clientNamespace: String
    /// The server hosts, in config order.
    let hosts: [Host]

    private static let counter = Mutex(0)

    private init(clientNamespace: String, hosts: [Host]) {
        self.clientNamespace = clientNamespace
        self.hosts = hosts
    }

    /// Why namespaces cannot be made here, or nil when they can (root and `ip`).
    static var unavailableReason: String? {
        if getuid() != 0 { return "network namespaces need root (CI runs as root)" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") { return "no /usr/sbin/ip (iproute2)" }
        return nil
    }

    /// Creates the client namespace and a host namespace per name, each linked to the client.
    static func create(hosts names: [String]) async throws -> NetnsFleet {
        let run = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let tag = "\(getpid() % 10_000)x\(run)"
        let client = "cpm-c-\(tag)"
        var hosts: [Host] = []
        let fleet = { NetnsFleet(clientNamespace: client, hosts: hosts) }
        do {
            try await ip(["netns", "add", client])
            try await ip(["netns", "exec", client, "ip", "link", "set", "lo", "up"])
            // Subnets 10.<pid-derived>.<run>.<4i>/30 inside these namespaces only.
            let octet = 64 + Int(getpid() % 128)
            for (index, name) in names.enumerated() {
                let namespace = "cpm-h\(index)-\(tag)"
                let prefix = "10.\(octet).\(run % 250)"
                let (clientSide, hostSide) = ("cc\(index)\(tag)".prefix(15), "hh\(index)\(tag)".prefix(15))
                let clientAddress = "\(prefix).\(index * 4 + 1)"
                let hostAddress = "\(prefix).\(index * 4 + 2)"
                try await ip(["netns", "add", namespace])
                hosts.append(
                    Host(
                        name: name, namespace: namespace, address: hostAddress, link: String(hostSide),
                        clientLink: String(clientSide)))
                try await ip([
                    "-n", client, "link", "add", String(clientSide), "type", "veth", "peer", "name", String(hostSide),
                    "netns", namespace,
                ])
                try await ip(["-n", client, "addr", "add", "\(clientAddress)/30", "dev", String(clientSide)])
                try await ip(["-n", client, "link", "set", String(clientSide), "up"])
                try await ip(["-n", namespace, "addr", "add", "\(hostAddress)/30", "dev", String(hostSide)])
                try await ip(["-n", namespace, "link", "set", String(hostSide), "up"])
                try await ip(["-n", namespace, "link", "set", "lo", "up"])
            }
        } catch {
            await fleet().remove()
            throw error
        }
        return fleet()
    }

    /// Cuts (`up == false`) or restores a host's link from its side.
    func setLink(_ host: Host, up: Bool) async throws {
        try await Self.ip(["-n", host.namespace, "link", "set", host.link, up ? "up" : "down"])
    }

    /// Takes the client's end of a host's link down (`up == false`): the client then has no route
    /// to the host at all (connects fail at once, ENETUNREACH), or up again (the route is back).
    func setClientLink(_ host: Host, up: Bool) async throws {
        try await Self.ip(["-n", clientNamespace, "link", "set", host.clientLink, up ? "up" : "down"])
    }

    /// `argv` run inside `namespace` (`ip netns exec`, which execs it: the pid is the program's).
    func inside(_ namespace: String, _ argv: [String]) -> [String] {
        ["/usr/sbin/ip", "netns", "exec", namespace] + argv
    }

    /// Deletes every namespace of the fleet (their links go with them).
    func remove() async {
        for host in hosts { _ = try? await Self.ip(["netns", "del", host.namespace]) }
        _ = try? await Self.ip(["netns", "del", clientNamespace])
    }

    @discardableResult
    static func ip(_ arguments: [String]) async throws -> String {
        let outcome = try await Subprocess.run(["/usr/sbin/ip"] + arguments, environment: [:])
        guard outcome.status == 0 else {
            throw EndToEndError.commandFailed(argv: ["ip"] + arguments, status: outcome.status, output: outcome.output)
        }
        return outcome.output
    }
}
