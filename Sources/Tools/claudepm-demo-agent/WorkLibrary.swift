// The material the scripted agent draws from: plausible tool use, edits, test runs and questions.
// Working lines never end in `?` and never contain `╭─`, so an upstream-style output detector only
// sees a prompt when the agent really asks.

/// Canned work steps and questions.
enum WorkLibrary {
    static let files = [
        "src/auth/login.ts", "src/jobs/renewals.ts", "src/api/accounts.ts", "web/components/HealthScore.tsx",
        "src/export/csv.ts", "tests/renewals.test.ts", "src/i18n/ja.json", "docs/jira-tickets/CSM-003.md",
    ]

    static let thoughts = [
        "I'll start by reading the ticket and the code it touches.",
        "The date maths is off by one when the contract ends at midnight UTC.",
        "Let me check how the locale is picked for emails (日本語 subjects included).",
        "Tests are green locally; running the full suite to be sure ✅",
        "I'll add a guard for contracts without an end date.",
        "This needs an index on (account_id, ends_at) — adding a migration.",
    ]

    static let commands = [
        ("npm test -- renewals", "42 passed, 0 failed (3.1s)"), ("npx tsc --noEmit", "No errors"),
        ("git diff --stat", "3 files changed, 48 insertions(+), 9 deletions(-)"),
        ("npm run lint", "✔ 0 problems"), ("rg \"endsAt\" src", "Found 7 matches in 4 files"),
    ]

    static let permissionCommands = [
        "npm run migrate -- --env=dev", "rm -rf dist && npm run build", "git push origin HEAD",
        "docker compose up -d postgres",
    ]

    static let questions = [
        "Should I also backfill reminders for contracts already inside the 90-day window?",
        "Which time zone should the export use when the workspace has none set?",
        "Would you prefer one combined email or one per contract?",
        "Does this look right for the Japanese subject line: 「更新のお知らせ」?",
    ]

    static let spinnerVerbs = ["Thinking", "Pondering", "Reticulating", "Cogitating", "Brewing", "Sketching"]
    static let spinnerFrames = ["·", "✢", "✳", "✶", "✻", "✽"]

    /// One work step: a few transcript lines.
    static func step(using rng: inout SeededGenerator) -> [TranscriptLine] {
        switch rng.next() % 4 {
        case 0:
            return [TranscriptLine(.assistant, "⏺ " + rng.pick(thoughts))]
        case 1:
            let file = rng.pick(files)
            let count = 40 + Int(rng.next() % 300)
            return [TranscriptLine(.tool, "⏺ Read(\(file))"), TranscriptLine(.toolOutput, "  ⎿  Read \(count) lines")]
        case 2:
            let file = rng.pick(files)
            return [
                TranscriptLine(.tool, "⏺ Update(\(file))"),
                TranscriptLine(.toolOutput, "  ⎿  Updated \(file) with 2 additions and 1 removal"),
                TranscriptLine(.removed, "       12 -  const days = diff(now, contract.endsAt)"),
                TranscriptLine(.added, "       12 +  const days = diffInDays(startOfDay(now), contract.endsAt)"),
                TranscriptLine(.added, "       13 +  if (!contract.endsAt) return []"),
            ]
        default:
            let (command, result) = rng.pick(commands)
            return [TranscriptLine(.tool, "⏺ Bash(\(command))"), TranscriptLine(.toolOutput, "  ⎿  \(result)")]
        }
    }
}
