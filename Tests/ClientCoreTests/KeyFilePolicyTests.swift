import Testing

@testable import ClientCore

@Suite struct KeyFilePolicyTests {
    @Test(arguments: [UInt32(0o600), 0o400, 0o100600, 0o100400, 0o700])
    func acceptsOwnerOnlyModes(mode: UInt32) throws {
        let permissions = try KeyFilePolicy.check(mode: mode, path: "/k").get()
        #expect(permissions == mode & 0o7777)
    }

    @Test(arguments: [UInt32(0o644), 0o640, 0o604, 0o100644, 0o660, 0o606, 0o610])
    func refusesGroupOrWorldAccess(mode: UInt32) {
        let result = KeyFilePolicy.check(mode: mode, path: "/home/a/key")
        #expect(result == .failure(.keyFileTooOpen(path: "/home/a/key", mode: mode & 0o7777)))
    }

    @Test func messageLooksLikeSSH() {
        let error = ConfigError.keyFileTooOpen(path: "/home/a/key", mode: 0o644)
        let text = error.description
        #expect(text.contains("Permissions 0644 for '/home/a/key' are too open"))
        #expect(text.contains("chmod 600 '/home/a/key'"))
    }

    @Test func refusesNonRegularFiles() {
        #expect(KeyFilePolicy.check(mode: 0o040700, path: "/d") == .failure(.keyFileNotRegular(path: "/d")))
        #expect(KeyFilePolicy.check(mode: 0o020600, path: "/c") == .failure(.keyFileNotRegular(path: "/c")))
    }

    @Test func keyContentsAreTrimmedAndNeverPrinted() throws {
        let secret = "0123456789abcdef0123456789abcdef-secret"
        let key = try APIKey.fromFileContents("  \(secret)\n", path: "/k").get()
        #expect(key.value == secret)
        #expect(!"\(key)".contains(secret))
        #expect(!String(reflecting: key).contains(secret))
        #expect(APIKey.fromFileContents("\n \n", path: "/k") == .failure(.keyFileEmpty(path: "/k")))
        let fromEnv = try APIKey.fromEnvironment("K", environment: ["K": secret]).get()
        #expect(fromEnv.value == secret)
        #expect(APIKey.fromEnvironment("K", environment: [:]) == .failure(.keyEnvironmentMissing(name: "K")))
    }
}
