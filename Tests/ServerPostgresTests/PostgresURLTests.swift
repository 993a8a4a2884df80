// The `--database` URL parser: TCP and Unix-socket forms, percent-encoding, PGPASSWORD, TLS, the
// errors for bad input, and that the password never shows in any description of the URL.
import Foundation
import ServerCore
import Testing

@testable import ServerPostgres

@Suite struct PostgresURLTests {
    @Test func tcpWithEverything() throws {
        let url = try PostgresURL(
            "postgres://alice:s3cr%40t@db.example.org:6543/claude%20pm?sslmode=require", environment: [:])
        #expect(url.user == "alice")
        #expect(url.password == "s3cr@t")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6543)
        #expect(url.database == "claude pm")
        #expect(url.requiresTLS)
        #expect(url.socketPath == nil)
        let configuration = try url.configuration()
        #expect(configuration.host == "db.example.org")
        #expect(configuration.port == 6543)
        #expect(configuration.unixSocketPath == nil)
        #expect(configuration.username == "alice")
        #expect(configuration.password == "s3cr@t")
        #expect(configuration.database == "claude pm")
        #expect(configuration.tls.isEnforced)
    }

    @Test func tcpDefaults() throws {
        let url = try PostgresURL("postgresql://bob@localhost/", environment: [:])
        #expect(url.port == 5432)
        #expect(url.database == "bob", "no database means the user's, as with libpq")
        #expect(!url.requiresTLS)
        #expect(!url.hasPassword)
        let configuration = try url.configuration()
        #expect(!configuration.tls.isAllowed)
        #expect(configuration.password == nil)
    }

    @Test func ipv6Host() throws {
        let url = try PostgresURL("postgres://u@[::1]:5433/db?sslmode=disable", environment: [:])
        #expect(url.host == "::1")
        #expect(url.port == 5433)
        #expect(url.description == "postgres://u@[::1]:5433/db")
    }

    @Test func unixSocket() throws {
        let url = try PostgresURL("postgres://claudepm@localhost/tests?host=/tmp/pg.abc", environment: [:])
        #expect(url.socketDirectory == "/tmp/pg.abc")
        #expect(url.socketPath == "/tmp/pg.abc/.s.PGSQL.5432")
        #expect(try url.configuration().unixSocketPath == "/tmp/pg.abc/.s.PGSQL.5432")
        let other = try PostgresURL("postgres://claudepm@/tests?host=%2Frun%2Fpg%2F&port=5499", environment: [:])
        #expect(other.socketPath == "/run/pg/.s.PGSQL.5499")
        #expect(try other.configuration().unixSocketPath == "/run/pg/.s.PGSQL.5499")
    }

    @Test func passwordFromTheEnvironment() throws {
        let url = try PostgresURL("postgres://carol@h/db", environment: ["PGPASSWORD": "from-env"])
        #expect(url.password == "from-env")
        let own = try PostgresURL("postgres://carol:own@h/db", environment: ["PGPASSWORD": "from-env"])
        #expect(own.password == "own", "the URL's password wins")
    }

    @Test func thePasswordIsNeverShown() throws {
        let secret = "hunter2-very-secret"
        for text in [
            "postgres://dave:\(secret)@host:5432/db", "postgres://dave:\(secret)@host/db?sslmode=require",
            "postgres://dave:\(secret)@localhost/db?host=/tmp/s",
        ] {
            let url = try PostgresURL(text, environment: [:])
            #expect(url.hasPassword)
            #expect(!url.description.contains(secret))
            #expect(!String(reflecting: url).contains(secret))
            #expect(!"\(url)".contains(secret))
            var dumped = ""
            dump(url, to: &dumped)
            #expect(!dumped.contains(secret))
        }
        let fromEnvironment = try PostgresURL("postgres://dave@host/db", environment: ["PGPASSWORD": secret])
        #expect(!String(reflecting: fromEnvironment).contains(secret))
        #expect(
            try PostgresURL("postgres://dave:\(secret)@host:5432/db", environment: [:]).description
                == "postgres://dave@host:5432/db")
    }

    @Test(arguments: [
        ("mysql://u@h/db", "postgres://"),
        ("postgres//u@h/db", "postgres://"),
        ("postgres://h/db", "user"),
        ("postgres://@h/db", "user"),
        ("postgres://u@/db", "host"),
        ("postgres://u@h:99999/db", "port"),
        ("postgres://u@h:x/db", "port"),
        ("postgres://u@h/db?sslmode=verify-full", "sslmode"),
        ("postgres://u@h/db?application_name=x", "unknown parameter"),
        ("postgres://u@h/db?host=relative/dir", "absolute"),
        ("postgres://u@h/db?host=/tmp/s&sslmode=require", "TCP"),
        ("postgres://u@h/a/b", "'/'"),
        ("postgres://u@[::1/db", "IPv6"),
        ("postgres://u:bad%zzpass@h/db", "percent"),
    ])
    func badURLs(text: String, reason: String) {
        do {
            _ = try PostgresURL(text, environment: [:])
            Issue.record("\(text) parsed")
        } catch let StoreError.badURL(why) {
            #expect(why.contains(reason), "\(text): \(why)")
            #expect(!why.contains("zzpass"))
        } catch {
            Issue.record("\(text): unexpected \(error)")
        }
    }

    @Test func theEngineRejectsABadURL() {
        #expect(throws: StoreError.self) {
            _ = try PostgresEngine(url: "sqlite:///tmp/x", logger: .init(label: "test"))
        }
    }
}
