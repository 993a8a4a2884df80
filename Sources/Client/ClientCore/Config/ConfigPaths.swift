// XDG base-directory resolution as pure functions of the environment. Relative XDG values are
// ignored, as the XDG spec requires.

/// Where claudepm keeps its files, computed from an environment dictionary.
public enum ConfigPaths {
    /// The application directory name under each XDG base.
    public static let appName = "claudepm"

    /// The config file: `$CLAUDEPM_CONFIG`, else `$XDG_CONFIG_HOME/claudepm/config.toml`, else
    /// `$HOME/.config/claudepm/config.toml`; nil when none of them can be formed.
    public static func configFile(environment: [String: String]) -> String? {
        if let explicit = nonEmpty(environment["CLAUDEPM_CONFIG"]) {
            return expandTilde(explicit, environment: environment)
        }
        return configDirectory(environment: environment).map { $0 + "/config.toml" }
    }

    /// `$XDG_CONFIG_HOME/claudepm` or `$HOME/.config/claudepm`.
    public static func configDirectory(environment: [String: String]) -> String? {
        base("XDG_CONFIG_HOME", fallback: ".config", environment: environment).map { $0 + "/" + appName }
    }

    /// The known_hosts file for trust-on-first-use fingerprints, next to the config file.
    public static func knownHostsFile(environment: [String: String]) -> String? {
        configDirectory(environment: environment).map { $0 + "/known_hosts" }
    }

    /// `$XDG_CACHE_HOME/claudepm` or `$HOME/.cache/claudepm` (cached server state).
    public static func cacheDirectory(environment: [String: String]) -> String? {
        base("XDG_CACHE_HOME", fallback: ".cache", environment: environment).map { $0 + "/" + appName }
    }

    /// `$XDG_STATE_HOME/claudepm` or `$HOME/.local/state/claudepm` (logs, last view).
    public static func stateDirectory(environment: [String: String]) -> String? {
        base("XDG_STATE_HOME", fallback: ".local/state", environment: environment).map { $0 + "/" + appName }
    }

    /// Replaces a leading `~` or `~/` with `$HOME`; other paths are returned unchanged.
    public static func expandTilde(_ path: String, environment: [String: String]) -> String {
        guard let home = nonEmpty(environment["HOME"]) else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return trimmedSlash(home) + path.dropFirst(1) }
        return path
    }

    private static func base(_ variable: String, fallback: String, environment: [String: String]) -> String? {
        if let value = nonEmpty(environment[variable]), value.hasPrefix("/") {
            return trimmedSlash(value)
        }
        guard let home = nonEmpty(environment["HOME"]) else { return nil }
        return trimmedSlash(home) + "/" + fallback
    }

    private static func trimmedSlash(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
