// Options every subcommand accepts: which server, how to authenticate, how to trust it.

import ArgumentParser
import ClientCore

/// The global options (`--server`, `--url`, `--api-key-file`, `--config`, `--no-color`, TLS trust).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "Use the server with this name from the config file.")
    var server: String?

    @Option(name: .long, help: "Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.")
    var url: String?

    @Option(name: .long, help: "Read the API key from this file (must be mode 0600).")
    var apiKeyFile: String?

    @Option(name: .long, help: "Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.")
    var config: String?

    @Flag(name: .long, help: "Never use colour in output.")
    var noColor = false

    @Option(name: .long, help: "Trust only certificates issued by the CA in this PEM file.")
    var caFile: String?

    @Option(name: .long, help: "Accept this certificate fingerprint on first use (SHA256:hex).")
    var trustFingerprint: String?

    @Flag(name: .long, help: "Trust the server certificate on first use and remember it in known_hosts.")
    var tofu = false

    @Option(name: .long, help: "The key that leaves a full-screen session, e.g. C-g (default C-]).")
    var detachKey: String?

    /// The flags in ClientCore's form.
    var configFlags: ConfigFlags {
        ConfigFlags(
            configPath: config, server: server, url: url, apiKeyFile: apiKeyFile, caFile: caFile,
            tofu: tofu || trustFingerprint != nil, detachKey: detachKey, colour: noColor ? "none" : nil)
    }
}
