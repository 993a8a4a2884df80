// swift-tools-version: 6.2
// claudepm: a terminal client for Claude PM, and a Claude PM–compatible server for Linux.
// Layout and dependency rules: docs/architecture.md.
import Foundation
import PackageDescription

// CLAUDEPM_SLICE narrows the package for a fast inner loop on one side of the project:
//   pure    the modules without network dependencies (protocol, terminal, client core, TUI, server core)
//   server  pure + the HTTP/WebSocket server
//   client  pure + the client's network layer, runtime and CLI
//   fuzz    the libFuzzer targets (Fuzz/) over the parsing code only; Scripts/fuzz builds it
// Unset (CI, Scripts/test): everything. Give each slice its own --scratch-path .build-<slice>.
let slice = ProcessInfo.processInfo.environment["CLAUDEPM_SLICE"] ?? "all"
let wantsServer = slice == "all" || slice == "server"
let wantsClient = slice == "all" || slice == "client"
let wantsFuzz = slice == "fuzz"

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]
// The project's own library modules are optimised in the debug build too (the tests, tools and
// executables' entry points, and the packages it uses, are not): Scripts/demo runs the debug
// build, and unoptimised, a key under a flood missed its frame (README, "Debug or release").
let hot: [SwiftSetting] = swift6 + [.unsafeFlags(["-O"], .when(configuration: .debug))]

func dep(_ name: String, _ package: String) -> Target.Dependency { .product(name: name, package: package) }

// MARK: Packages

var packages: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
]
if wantsServer || wantsClient {
    packages += [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
    ]
}
if wantsServer {
    packages += [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ]
}
if wantsClient {
    packages += [
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ]
}

// MARK: Pure targets (no network)

var targets: [Target] = [
    .systemLibrary(name: "CVTerm", pkgConfig: "vterm", providers: [.apt(["libvterm-dev"])]),
    .systemLibrary(name: "CNCursesW", providers: [.apt(["libncurses-dev"])]),
    .target(name: "CSupport"),
    .target(name: "ClaudePMProtocol", swiftSettings: hot),
    .target(name: "LatencyProxy", swiftSettings: swift6),
    .target(name: "ClientCore", dependencies: ["ClaudePMProtocol"], swiftSettings: hot),
    // The emulator both sides hold: the client draws from it, the server snapshots from it.
    .target(name: "TerminalScreen", dependencies: ["CVTerm", "CSupport"], swiftSettings: hot),
    .target(
        name: "TUI",
        dependencies: ["ClientCore", "TerminalScreen", "CNCursesW", "CSupport"],
        swiftSettings: hot
    ),
    .target(
        name: "ServerCore",
        dependencies: [
            "ClaudePMProtocol", "CSupport", "TerminalScreen", dep("GRDB", "GRDB.swift"), dep("Logging", "swift-log"),
        ],
        swiftSettings: hot
    ),
    // Feeds raw libvterm the cases that crash or hang it (TerminalScreenTests run it as a child).
    .executableTarget(name: "libvterm-probe", dependencies: ["CVTerm"], swiftSettings: swift6),
    .executableTarget(
        name: "claudepm-demo-agent",
        dependencies: ["ClaudePMProtocol", "CSupport", dep("ArgumentParser", "swift-argument-parser")],
        swiftSettings: swift6
    ),
    .target(
        name: "TestSupport",
        dependencies: [
            "ClaudePMProtocol", "ClientCore", "CSupport", "LatencyProxy", "TUI", dep("Logging", "swift-log"),
        ],
        path: "Tests/TestSupport",
        swiftSettings: swift6
    ),
    .testTarget(
        name: "ClaudePMProtocolTests",
        dependencies: ["ClaudePMProtocol", "TestSupport"],
        resources: [.copy("Fixtures")],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "TerminalScreenTests", dependencies: ["TerminalScreen", "CVTerm", "ClientCore", "TUI", "TestSupport"],
        swiftSettings: swift6),
    .testTarget(name: "ArchitectureTests", swiftSettings: swift6),
    .testTarget(name: "ClientCoreTests", dependencies: ["ClientCore", "TestSupport"], swiftSettings: swift6),
    .testTarget(
        name: "TUITests",
        dependencies: ["TUI", "ClientCore", "TerminalScreen", "TestSupport"],
        resources: [.copy("Golden")],
        swiftSettings: swift6
    ),
    .testTarget(
        name: "ServerCoreTests", dependencies: ["ServerCore", "TerminalScreen", "TestSupport"], swiftSettings: swift6),
]

// MARK: Server

if wantsServer {
    targets += [
        .target(
            name: "ServerHTTP",
            dependencies: [
                "ServerCore", "ClaudePMProtocol",
                dep("Hummingbird", "hummingbird"), dep("HummingbirdCore", "hummingbird"),
                dep("HummingbirdTLS", "hummingbird"), dep("HummingbirdWebSocket", "hummingbird-websocket"),
                dep("HummingbirdWSCompression", "hummingbird-websocket"), dep("CompressNIO", "compress-nio"),
                dep("NIOCore", "swift-nio"), dep("NIOWebSocket", "swift-nio"), dep("NIOSSL", "swift-nio-ssl"),
                dep("HTTPTypes", "swift-http-types"), dep("Logging", "swift-log"),
                dep("Prometheus", "swift-prometheus"),
            ],
            swiftSettings: hot
        ),
        // The PostgreSQL store engine, its schema and the cross-server event relay.
        .target(
            name: "ServerPostgres",
            dependencies: [
                "ServerCore", dep("PostgresNIO", "postgres-nio"), dep("Logging", "swift-log"),
                dep("NIOCore", "swift-nio"), dep("NIOPosix", "swift-nio"),
                dep("NIOConcurrencyHelpers", "swift-nio"), dep("NIOSSL", "swift-nio-ssl"),
            ],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "claudepm-server",
            dependencies: [
                "ServerHTTP", "ServerCore", "ServerPostgres",
                dep("ArgumentParser", "swift-argument-parser"), dep("Logging", "swift-log"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "ServerHTTPTests",
            dependencies: [
                "ServerHTTP", "ServerCore", "ServerPostgres", "ClaudePMProtocol", "TestSupport",
                dep("HummingbirdTesting", "hummingbird"), dep("WSClient", "swift-websocket"),
                dep("WSCompression", "swift-websocket"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "ServerPostgresTests",
            dependencies: [
                "ServerPostgres", "ServerCore", "TestSupport", dep("Logging", "swift-log"),
                dep("NIOEmbedded", "swift-nio"), dep("NIOCore", "swift-nio"),
            ],
            swiftSettings: swift6),
    ]
}

// MARK: Client

if wantsClient {
    targets += [
        .target(
            name: "ClientNetwork",
            dependencies: [
                "ClaudePMProtocol", "ClientCore",
                dep("CompressNIO", "compress-nio"), dep("AsyncHTTPClient", "async-http-client"),
                dep("NIOCore", "swift-nio"), dep("NIOPosix", "swift-nio"), dep("NIOSSL", "swift-nio-ssl"),
                dep("NIOHTTP1", "swift-nio"), dep("NIOWebSocket", "swift-nio"), dep("Crypto", "swift-crypto"),
                dep("Logging", "swift-log"),
            ],
            swiftSettings: hot
        ),
        .target(
            name: "ClientRuntime",
            dependencies: [
                "TUI", "ClientCore", "ClientNetwork", "TerminalScreen", "ClaudePMProtocol", "CSupport",
                dep("Logging", "swift-log"),
            ],
            swiftSettings: hot
        ),
        .executableTarget(
            name: "claudepm",
            dependencies: [
                "ClientRuntime", "ClientNetwork", "ClientCore", "ClaudePMProtocol",
                dep("ArgumentParser", "swift-argument-parser"),
            ],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "claudepm-bench",
            dependencies: [
                "ClaudePMProtocol", "TerminalScreen", "CSupport", "LatencyProxy",
                dep("ArgumentParser", "swift-argument-parser"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "ClientNetworkTests",
            dependencies: [
                "ClientNetwork", "ClientCore", "TestSupport", "LatencyProxy",
                dep("NIOHTTP1", "swift-nio"), dep("NIOWebSocket", "swift-nio"), dep("NIOEmbedded", "swift-nio"),
                dep("NIOCore", "swift-nio"), dep("NIOPosix", "swift-nio"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "ClientRuntimeTests",
            dependencies: ["ClientRuntime", "ClientCore", "TUI", "TerminalScreen", "TestSupport"],
            swiftSettings: swift6
        ),
    ]
}

if slice == "all" {
    targets += [
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport", "ClientNetwork", "ClientRuntime", "ClaudePMProtocol", "CSupport", "TerminalScreen",
                "LatencyProxy",
            ],
            swiftSettings: swift6
        )
    ]
}

// MARK: Fuzz (CLAUDEPM_SLICE=fuzz, built by Scripts/fuzz with sanitizer coverage)

// The fuzz slice keeps the module names but compiles only the parsing files of ServerCore,
// ServerHTTP and ClientNetwork, so neither GRDB, NIO nor Hummingbird is built with sanitizers.
// The property checks (Fuzz/Properties) are the same code the regular FuzzReplayTests run.
let fuzzTargetNames = [
    "server-message", "client-message", "terminal", "config", "state", "server-body", "control-mode",
]
if wantsFuzz {
    packages = []
    targets = targets.filter {
        ["CVTerm", "CSupport", "ClaudePMProtocol", "TerminalScreen", "ClientCore"].contains($0.name)
    }
    targets += [
        .target(
            name: "ServerCore", dependencies: ["ClaudePMProtocol"],
            sources: [
                "Tmux/Control/ControlModeParser.swift", "Tmux/Control/ControlEvent.swift",
                "Tmux/Control/ControlNotification.swift", "Hooks/HookEvent.swift",
            ],
            swiftSettings: swift6),
        .target(
            name: "ServerHTTP", dependencies: ["ServerCore"],
            sources: ["JSON/AnyJSON.swift", "App/MultipartForm.swift", "Routes/HookPayload.swift"],
            swiftSettings: swift6),
        .target(
            name: "ClientNetwork", dependencies: ["ClaudePMProtocol", "ClientCore"],
            sources: [
                "StateStore.swift", "StateStore+Snapshot.swift", "StateStore+ClientState.swift",
                "AtomicFile.swift", "ClientNetworkError.swift", "ClientEvent.swift",
            ],
            swiftSettings: swift6),
        .target(
            name: "FuzzProperties",
            dependencies: [
                "ClaudePMProtocol", "TerminalScreen", "ClientCore", "ServerCore", "ServerHTTP", "ClientNetwork",
            ],
            path: "Fuzz/Properties", swiftSettings: swift6),
        .target(name: "FuzzDriver", path: "Fuzz/Driver", swiftSettings: swift6),
    ]
    targets += fuzzTargetNames.map {
        .executableTarget(
            name: "fuzz-\($0)", dependencies: ["FuzzProperties", "FuzzDriver"], path: "Fuzz/Targets/\($0)",
            swiftSettings: swift6)
    }
} else if slice == "all" {
    targets.append(
        .testTarget(
            name: "FuzzReplayTests",
            dependencies: [
                "ClaudePMProtocol", "TerminalScreen", "ClientCore", "ServerCore", "ServerHTTP", "ClientNetwork",
                "TestSupport",
            ],
            path: "Fuzz", exclude: ["Targets", "Driver", "corpus", "crashes", "open", "README.md"],
            sources: ["Properties", "Replay"],
            swiftSettings: swift6))
}

// MARK: Layout

// Where each module's sources live: Sources/<group>/<module>, so that the tree shows the system
// (docs/architecture.md, "Layout"): the client, the server, what both share, and the tools (bench,
// demo agent, latency proxy, libvterm probe). Target names do not depend on it.
let layout: [String: [String]] = [
    "Shared": ["ClaudePMProtocol", "CSupport", "CVTerm", "TerminalScreen"],
    "Client": ["CNCursesW", "ClientCore", "TUI", "ClientNetwork", "ClientRuntime", "claudepm"],
    "Server": ["ServerCore", "ServerHTTP", "ServerPostgres", "claudepm-server"],
    "Tools": ["LatencyProxy", "claudepm-bench", "claudepm-demo-agent", "libvterm-probe"],
]
for target in targets where target.type != .test && target.path == nil {
    if let group = layout.first(where: { $0.value.contains(target.name) })?.key {
        target.path = "Sources/\(group)/\(target.name)"
    }
}

var products: [Product] = wantsFuzz ? [] : [.executable(name: "claudepm-demo-agent", targets: ["claudepm-demo-agent"])]
if wantsClient { products.append(.executable(name: "claudepm", targets: ["claudepm"])) }
if wantsServer { products.append(.executable(name: "claudepm-server", targets: ["claudepm-server"])) }

let package = Package(
    name: "claudepm",
    platforms: [.macOS(.v14)],
    products: products,
    dependencies: packages,
    targets: targets
)
