import Foundation
import Testing

@testable import ClientCore

@Suite struct ClientConfigResolveTests {
    let twoServers = """
        [ui]
        fps = 30
        notify = "banner"
        [server.work]
        url = "https://work.example:4847"
        api_key_file = "/keys/work"
        [server.home]
        url = "http://home:4847"
        """

    @Test func defaultsWithoutFileEnvOrFlags() throws {
        let config = try ClientConfig.resolve(fileText: nil, environment: [:], flags: ConfigFlags())
        #expect(config == .default)
        #expect(config.servers.map(\.url.absoluteString) == ["http://localhost:4847"])
        #expect(config.servers[0].apiKeySource == nil)
    }

    @Test func environmentBeatsFileAndFlagsBeatEnvironment() throws {
        let env = ["CLAUDEPM_FPS": "45", "CLAUDEPM_NOTIFY": "osc", "CLAUDEPM_DETACH_KEY": "C-g"]
        let fromEnv = try ClientConfig.resolve(fileText: twoServers, environment: env, flags: ConfigFlags())
        #expect(fromEnv.ui.frameCap == 45)
        #expect(fromEnv.ui.notifyMode == .osc)
        #expect(fromEnv.ui.detachKey.spec == "C-g")
        let flags = ConfigFlags(detachKey: "C-t", notify: "off", frameCap: 10)
        let fromFlags = try ClientConfig.resolve(fileText: twoServers, environment: env, flags: flags)
        #expect(fromFlags.ui.frameCap == 10)
        #expect(fromFlags.ui.notifyMode == .off)
        #expect(fromFlags.ui.detachKey.byte == 0x14)
        let fileOnly = try ClientConfig.resolve(fileText: twoServers, environment: [:], flags: ConfigFlags())
        #expect(fileOnly.ui.frameCap == 30)
        #expect(fileOnly.ui.notifyMode == .banner)
    }

    @Test func noColorAndColourPrecedence() throws {
        let env = ["NO_COLOR": "1"]
        #expect(try ClientConfig.resolve(fileText: nil, environment: env, flags: ConfigFlags()).ui.colourMode == .none)
        let flags = ConfigFlags(colour: "truecolor")
        #expect(try ClientConfig.resolve(fileText: nil, environment: env, flags: flags).ui.colourMode == .truecolor)
    }

    @Test func selectingAServerKeepsOnlyIt() throws {
        let config = try ClientConfig.resolve(
            fileText: twoServers, environment: ["CLAUDEPM_SERVER": "home"], flags: ConfigFlags())
        #expect(config.servers.map(\.name) == ["home"])
        let flagWins = try ClientConfig.resolve(
            fileText: twoServers, environment: ["CLAUDEPM_SERVER": "home"], flags: ConfigFlags(server: "work"))
        #expect(flagWins.servers.map(\.name) == ["work"])
        #expect(flagWins.servers[0].apiKeySource == .file("/keys/work"))
    }

    @Test func unknownServerIsAnError() {
        #expect(throws: ConfigError.unknownServer(name: "nope", known: ["work", "home"])) {
            _ = try ClientConfig.resolve(fileText: twoServers, environment: [:], flags: ConfigFlags(server: "nope"))
        }
    }

    @Test func urlOverrideMakesAOneOffServer() throws {
        let env = ["CLAUDEPM_URL": "http://other:9000", "CLAUDEPM_API_KEY_FILE": "~/k", "HOME": "/h"]
        let config = try ClientConfig.resolve(fileText: twoServers, environment: env, flags: ConfigFlags())
        #expect(config.servers.count == 1)
        #expect(config.servers[0].url.absoluteString == "http://other:9000")
        #expect(config.servers[0].name == "other")
        #expect(config.servers[0].apiKeySource == .file("/h/k"))
        let flagURL = try ClientConfig.resolve(
            fileText: nil, environment: env, flags: ConfigFlags(url: "https://flag:1"))
        #expect(flagURL.servers[0].url.absoluteString == "https://flag:1")
    }

    @Test func urlOverrideForANamedServerKeepsItsKey() throws {
        let flags = ConfigFlags(server: "work", url: "https://moved.example:4847")
        let config = try ClientConfig.resolve(fileText: twoServers, environment: [:], flags: flags)
        #expect(config.servers.map(\.name) == ["work"])
        #expect(config.servers[0].url.host == "moved.example")
        #expect(config.servers[0].apiKeySource == .file("/keys/work"))
    }

    @Test func keyOverridesNeedOneServer() throws {
        #expect(throws: ConfigError.ambiguousOverride(setting: "CLAUDEPM_API_KEY", servers: ["work", "home"])) {
            _ = try ClientConfig.resolve(
                fileText: twoServers, environment: ["CLAUDEPM_API_KEY": "s3cret-value"], flags: ConfigFlags())
        }
        let single = try ClientConfig.resolve(
            fileText: nil, environment: ["CLAUDEPM_API_KEY": "s3cret-value"], flags: ConfigFlags())
        #expect(single.servers[0].apiKeySource == .environment("CLAUDEPM_API_KEY"))
        let flagFile = try ClientConfig.resolve(
            fileText: twoServers, environment: ["CLAUDEPM_API_KEY": "s3cret-value"],
            flags: ConfigFlags(server: "home", apiKeyFile: "/flag/key"))
        #expect(flagFile.servers[0].apiKeySource == .file("/flag/key"))
    }

    @Test func bothEnvironmentKeySourcesIsAnErrorWithoutTheKey() {
        let secret = "do-not-print-this-key-0123456789abcdef"
        #expect {
            _ = try ClientConfig.resolve(
                fileText: nil, environment: ["CLAUDEPM_API_KEY": secret, "CLAUDEPM_API_KEY_FILE": "/k"],
                flags: ConfigFlags())
        } throws: { error in
            let text = String(describing: error)
            return text.contains("not both") && !text.contains(secret)
        }
    }

    @Test func trustOverrides() throws {
        let pin = String(repeating: "0f", count: 32)
        let pinned = try ClientConfig.resolve(
            fileText: nil, environment: ["CLAUDEPM_PIN_SHA256": pin], flags: ConfigFlags())
        #expect(pinned.servers[0].trust == .pinnedSHA256(pin))
        let flagged = try ClientConfig.resolve(
            fileText: nil, environment: ["CLAUDEPM_PIN_SHA256": pin], flags: ConfigFlags(caFile: "/ca.pem"))
        #expect(flagged.servers[0].trust == .pemFile("/ca.pem"))
        let tofu = try ClientConfig.resolve(fileText: nil, environment: [:], flags: ConfigFlags(tofu: true))
        #expect(tofu.servers[0].trust == .tofu)
    }

    @Test func badEnvironmentValuesNameTheVariable() {
        #expect(
            throws: ConfigError.invalidValue(
                source: "CLAUDEPM_FPS", line: 0, key: "fps", message: "'fast' is not an integer")
        ) {
            _ = try ClientConfig.resolve(fileText: nil, environment: ["CLAUDEPM_FPS": "fast"], flags: ConfigFlags())
        }
        #expect {
            _ = try ClientConfig.resolve(fileText: nil, environment: ["CLAUDEPM_URL": "nota url"], flags: ConfigFlags())
        } throws: { error in
            if case .invalidURL = error as? ConfigError { return true }
            return false
        }
    }

    @Test func xdgPaths() {
        #expect(ConfigPaths.configFile(environment: ["HOME": "/home/a/"]) == "/home/a/.config/claudepm/config.toml")
        #expect(
            ConfigPaths.configFile(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "/x/cfg"])
                == "/x/cfg/claudepm/config.toml")
        #expect(
            ConfigPaths.configFile(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "relative"])
                == "/home/a/.config/claudepm/config.toml")
        #expect(ConfigPaths.configFile(environment: ["CLAUDEPM_CONFIG": "~/c.toml", "HOME": "/h"]) == "/h/c.toml")
        #expect(ConfigPaths.configFile(environment: [:]) == nil)
        #expect(ConfigPaths.knownHostsFile(environment: ["HOME": "/h"]) == "/h/.config/claudepm/known_hosts")
        #expect(ConfigPaths.cacheDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/claudepm")
        #expect(ConfigPaths.stateDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/claudepm")
        #expect(ConfigPaths.expandTilde("/abs", environment: ["HOME": "/h"]) == "/abs")
        #expect(ConfigPaths.expandTilde("~other/x", environment: ["HOME": "/h"]) == "~other/x")
    }
}
