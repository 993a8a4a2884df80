// The text of the demo tickets: a customer-success product with a CSM backlog, an API team and a
// web team, plus two adhoc notes. Every state of the board is represented.
import ClaudePMProtocol

/// Raw ticket specs; `DemoFixture` turns them into files.
enum DemoTickets {
    struct Spec {
        var id: String?
        var slug: String
        var title: String
        var state: TicketState
        var body: String
    }

    static let all: [Spec] = csm + api + web + adhoc

    static let csm: [Spec] = [
        Spec(
            id: "CSM-001", slug: "login-rate-limit", title: "Rate-limit failed logins", state: .done,
            body: """
                ## Problem
                Credential-stuffing bursts hit `/auth/login` with thousands of attempts per minute.

                ## Acceptance criteria
                - [x] At most 5 failed attempts per account per 15 minutes
                - [x] `429` with a `Retry-After` header
                - [x] Metrics: `auth_login_throttled_total`
                """),
        Spec(
            id: "CSM-002", slug: "health-score-widget", title: "Account health score widget", state: .review,
            body: """
                ## Context
                CSMs want one number per account: usage trend, open tickets, NPS.

                ## Acceptance criteria
                - [ ] Score 0–100 with a colour band (red < 40, amber < 70, green)
                - [ ] Tooltip explains the three inputs
                - [ ] Snapshot test for the widget
                """),
        Spec(
            id: "CSM-003", slug: "renewal-reminders", title: "Renewal reminder emails 90/60/30 days out",
            state: .inProgress,
            body: """
                ## Context
                Renewals slip because nobody notices the date. Send reminders to the account owner.

                ## Acceptance criteria
                - [ ] Daily job picks contracts ending in 90, 60 and 30 days
                - [ ] Idempotent: one email per contract per threshold
                - [ ] Template uses the account's locale (en, de, ja — 日本語 subject lines)
                """),
        Spec(
            id: "CSM-004", slug: "csv-export-timezones", title: "CSV export shows UTC instead of local time",
            state: .inProgress,
            body: """
                ## Bug
                Exported activity timestamps are UTC; customers in Sydney read them as local time.

                ## Steps
                1. Set the workspace time zone to Australia/Sydney
                2. Export activity as CSV
                3. Compare with the activity page

                ## Fix
                Format with the workspace time zone and add an explicit offset column.
                """),
        Spec(
            id: "CSM-005", slug: "churn-risk-alerts", title: "Slack alert when churn risk jumps", state: .backlog,
            body: """
                ## Idea
                Post to the account's Slack channel when its churn risk rises by 20 points in a week.

                ## Open questions
                - Which channel when the account has none?
                - Quiet hours?
                """),
        Spec(
            id: "CSM-006", slug: "bulk-reassign", title: "Bulk-reassign accounts between CSMs", state: .backlog,
            body: """
                ## Context
                When a CSM leaves, 200+ accounts are moved one by one.

                ## Acceptance criteria
                - [ ] Multi-select on the accounts table
                - [ ] Audit log entry per account
                - [ ] Undo within 10 minutes
                """),
        Spec(
            id: "CSM-007", slug: "meeting-notes-ai-summary", title: "Summarise meeting notes into next steps",
            state: .backlog,
            body: """
                ## Context
                Notes are long; the next steps get lost. Extract action items with owners and dates.

                ## Notes
                Keep the raw notes; the summary is a suggestion the CSM confirms.
                """),
        Spec(
            id: "CSM-008", slug: "nps-import", title: "Import NPS responses from Delighted", state: .done,
            body: """
                ## Acceptance criteria
                - [x] Nightly import via the Delighted API
                - [x] Deduplicate by response id
                - [x] Show the last three comments on the account page
                """),
    ]

    static let api: [Spec] = [
        Spec(
            id: "API-001", slug: "pagination-cursor", title: "Cursor pagination for /v2/accounts", state: .inProgress,
            body: """
                ## Context
                Offset pagination times out past page 400.

                ## Acceptance criteria
                - [ ] `?cursor=` and `next_cursor` in the response
                - [ ] Stable order by `(updated_at, id)`
                - [ ] Old `?page=` keeps working for 6 months, with a `Deprecation` header
                """),
        Spec(
            id: "API-002", slug: "webhook-signatures", title: "Sign outgoing webhooks (HMAC-SHA256)", state: .review,
            body: """
                ## Acceptance criteria
                - [ ] `X-Signature: t=<ts>,v1=<hmac>` over `ts.body`
                - [ ] Secret rotation with two active secrets
                - [ ] Docs with a verification snippet
                """),
        Spec(
            id: "API-003", slug: "openapi-lint", title: "Lint the OpenAPI spec in CI", state: .backlog,
            body: """
                ## Context
                The spec drifts from the handlers. Fail CI on lint errors and on undocumented routes.
                """),
    ]

    static let web: [Spec] = [
        Spec(
            id: "WEB-001", slug: "dark-mode", title: "Dark mode", state: .inProgress,
            body: """
                ## Acceptance criteria
                - [ ] Follows the OS setting, with a manual override
                - [ ] Charts readable in both themes (contrast ≥ 4.5:1)
                - [ ] No flash of the light theme on load
                """),
        Spec(
            id: "WEB-002", slug: "keyboard-shortcuts", title: "Keyboard shortcuts for the accounts table",
            state: .backlog,
            body: """
                ## Proposal
                `j`/`k` to move, `o` to open, `/` to search, `?` for the cheat sheet.
                """),
        Spec(
            id: "WEB-003", slug: "slow-dashboard", title: "Dashboard takes 6 s to load for big workspaces",
            state: .done,
            body: """
                ## Findings
                N+1 queries in the activity feed; fixed with one batched query and an index.
                """),
    ]

    static let adhoc: [Spec] = [
        Spec(
            id: nil, slug: "investigate-flaky-e2e", title: "Investigate flaky e2e login test", state: .backlog,
            body: """
                The login e2e test fails about once in 20 runs on CI, never locally. Collect traces first.
                """),
        Spec(
            id: nil, slug: "upgrade-node-22", title: "Upgrade the build image to Node 22", state: .review,
            body: """
                Bump the base image, rerun the full suite, note any changed snapshots.
                """),
    ]
}
