import Testing

@testable import ClientNetwork

@Suite struct ReferenceResolverTests {
    let tickets = [
        Referable(id: "1a2b3c4d-0000-4000-8000-000000000001", keys: ["CSM-001"], label: "CSM-001 Login"),
        Referable(id: "1a2b9999-0000-4000-8000-000000000002", keys: ["CSM-002"], label: "CSM-002 Logout"),
        Referable(id: "ffee0000-0000-4000-8000-000000000003", keys: [], label: "ffee0000 adhoc"),
    ]

    @Test func ticketKeyMatchesCaseInsensitively() throws {
        #expect(try ReferenceResolver.resolve("csm-002", in: tickets, kind: "ticket") == tickets[1].id)
    }

    @Test func uniquePrefixMatches() throws {
        #expect(try ReferenceResolver.resolve("ffe", in: tickets, kind: "ticket") == tickets[2].id)
        #expect(try ReferenceResolver.resolve("1A2B3", in: tickets, kind: "ticket") == tickets[0].id)
    }

    @Test func ambiguousPrefixListsCandidates() {
        #expect(
            throws: ClientNetworkError.ambiguous(
                kind: "ticket", reference: "1a2b", candidates: ["CSM-001 Login", "CSM-002 Logout"])
        ) {
            try ReferenceResolver.resolve("1a2b", in: tickets, kind: "ticket")
        }
    }

    @Test func unknownReferenceIsNoMatch() {
        #expect(throws: ClientNetworkError.noMatch(kind: "session", reference: "zz")) {
            try ReferenceResolver.resolve("zz", in: tickets, kind: "session")
        }
        #expect(throws: ClientNetworkError.noMatch(kind: "session", reference: "")) {
            try ReferenceResolver.resolve("", in: tickets, kind: "session")
        }
    }
}
