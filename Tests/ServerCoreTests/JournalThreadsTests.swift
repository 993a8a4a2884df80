// A scan of a whole journal (a search, an export: seconds for a full one) never holds the
// journal's reads of one moment: with every scan thread busy, a screen at a moment is still
// answered. Against a real tmux, as PaneStreams runs.
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ServerCore

@Suite(.serialized) struct JournalThreadsTests {
    /// What the scans and the seek report, shared with their threads.
    final class Flags: Sendable {
        let release = Mutex(false)
        let busy = Mutex(0)
        let answered = Mutex(false)
    }

    @Test func aSeekIsAnsweredWhileEveryScanThreadIsBusy() async throws {
        try await TmuxSandbox.with { sandbox in
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            let flags = Flags()
            // Two scans that hold their threads until released (the scan set has two).
            let scans = (0..<2).map { _ in
                Task {
                    await streams.scanning { _ in
                        flags.busy.withLock { $0 += 1 }
                        while !flags.release.withLock({ $0 }) { usleep(1000) }
                    }
                }
            }
            defer { flags.release.withLock { $0 = true } }
            #expect(await eventually(within: 30) { flags.busy.withLock { $0 } == 2 }, "the scans did not start")
            let seek = Task { await streams.journalScreen(pane: "%0", at: 0) == nil }
            let watcher = Task {
                _ = await seek.value
                flags.answered.withLock { $0 = true }
            }
            #expect(
                await eventually(within: 30) { flags.answered.withLock { $0 } },
                "a screen at a moment waited behind the scans")
            flags.release.withLock { $0 = true }
            for scan in scans { await scan.value }
            await watcher.value
        }
    }
}
