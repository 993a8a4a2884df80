// `y` and `n` answer the prompt the user saw, once, and say what happened:
// - while a banner shows, y/n belong to it: a permission prompt is answered, a question (or any
//   other wait) opens the answer box, and a banner with no prompt says so. They never fall
//   through to the selected row. With no banner, they answer the selected session's permission
//   prompt;
// - for `ui.answerGrace` after the banner appeared, changed or went away, or the selected
//   session's prompt changed by itself, y/n are refused with a word (`AnswerLedger`);
// - a prompt already answered (sending, confirmed or a known repeat) is not answered again; an
//   answer that may not have arrived, or was refused, may be sent again with the same prompt id;
// - nothing is sent to a server that is not online; every answer is named on the status line
//   when it goes out and again when it ends (`answerEnded`), and answers still on their way when
//   their server's link is lost or late are reported as possibly lost.

import Foundation

extension AppState {
    /// The prompt `key` waits on now, if it is a live session that waits.
    public func prompt(of key: SessionKey) -> PromptID? {
        guard let session = sessions[key], session.isLive, let waiting = session.waiting else { return nil }
        return PromptID(session: key, since: waiting.prompt, serverSince: waiting.serverSince)
    }

    /// The target of an answer to `key` as the status line names it: "API-001: permission".
    public func answerTarget(_ key: SessionKey) -> String {
        guard let session = sessions[key] else { return "session \(key.sessionId.prefix(8))" }
        let name = session.ticketKey.flatMap { $0.isEmpty ? nil : $0 } ?? session.displayName
        guard let waiting = session.waiting else { return name }
        return "\(name): \(WaitingInfo.label(forReason: waiting.reason))"
    }

    /// When the y/n hint of a banner about a waiting session appears (the grace after the
    /// banner's last change ends), if still ahead.
    public var answerGraceEnd: MonotonicTime? {
        guard let changed = answers.bannerChangedAt, let key = banner?.notification.sessionKey, prompt(of: key) != nil
        else { return nil }
        let end = changed + ui.answerGrace
        return end > clock ? end : nil
    }

    /// True while the banner changed less than `ui.answerGrace` ago: it takes no y/n yet.
    public var bannerIsFresh: Bool { answerGraceEnd != nil }

    /// y/n with a banner on screen: only the banner's prompt is answered.
    mutating func answerBanner(_ banner: Banner, allow: Bool) -> [AppEffect] {
        let key = banner.notification.sessionKey
        if let key, let prompt = prompt(of: key), isAnswered(prompt) { return [] }
        if isFresh(answers.bannerChangedAt) {
            flash = "the banner just changed: read it, then press \(allow ? "y" : "n") again"
            return []
        }
        guard let key, let prompt = prompt(of: key) else {
            flash = "this banner has no prompt to answer (d dismisses it)"
            return []
        }
        guard sessions[key]?.waiting?.isPermissionPrompt == true else { return openAnswerBox(prompt) }
        return answer(prompt, allow ? .allow : .deny)
    }

    /// y/n with no banner: the selected session's permission prompt.
    mutating func answerSelected(allow: Bool) -> [AppEffect] {
        guard let key = selection, let prompt = prompt(of: key), sessions[key]?.waiting?.isPermissionPrompt == true
        else {
            flash = "the selected session has no permission prompt waiting"
            return []
        }
        if isAnswered(prompt) { return [] }
        if isFresh(answers.bannerChangedAt) {
            flash = "the banner just went away: press \(allow ? "y" : "n") again to answer \(answerTarget(key))"
            return []
        }
        if isFresh(answers.rowChangedAt) {
            flash = "\(answerTarget(key)) just changed: read it, then press \(allow ? "y" : "n") again"
            return []
        }
        return answer(prompt, allow ? .allow : .deny)
    }

    /// Sends `choice` to `prompt` (unless read-only or offline), remembering it and naming it.
    mutating func answer(_ prompt: PromptID, _ choice: PromptAnswer.Choice) -> [AppEffect] {
        let key = prompt.session
        if refuses("answer", on: key.server) { return [] }
        let target = answerTarget(key)
        guard let link = server(key.server)?.link, link == .online else {
            flash = "answer to \(target) not sent: \(key.server) is not connected"
            return []
        }
        let answer = PromptAnswer(prompt: prompt, choice: choice, target: target)
        let again = answers.record(for: prompt) != nil
        answers.records[key] = AnswerLedger.Record(answer: answer, progress: .sending)
        let doubt = server(key.server)?.lastContact != nil ? " (link in doubt)" : ""
        flash = "\(answer.ongoingVerb) \(target)\(again ? " again" : "")…\(doubt)"
        let hide = banner?.notification.sessionKey == key ? dismissBanner() : []
        return hide + [.network(.answer(answer))]
    }

    /// The network backend reported how `answer` ended.
    mutating func answerEnded(_ answer: PromptAnswer, _ outcome: PromptAnswer.Outcome) {
        flash = answer.report(outcome)
        guard answers.records[answer.session]?.answer == answer else { return }
        let progress: AnswerLedger.Progress
        switch outcome {
        case .delivered: progress = .delivered
        case .duplicate: progress = .duplicate
        case .expired: progress = .expired
        case .refused(let reason): progress = .refused(reason)
        case .inDoubt(let reason): progress = .inDoubt(reason)
        }
        answers.records[answer.session]?.progress = progress
    }

    /// `server`'s link was lost or went late: answers to it still on their way may not arrive.
    mutating func answersInDoubt(server: String, reason: String) {
        let open = answers.records.values.filter { $0.answer.session.server == server && $0.progress == .sending }
        guard let first = open.map(\.answer).min(by: { $0.target < $1.target }) else { return }
        for record in open { answers.records[record.answer.session]?.progress = .inDoubt(reason) }
        flash = first.report(.inDoubt(reason)) + (open.count > 1 ? " (and \(open.count - 1) more)" : "")
    }

    /// Notes what y/n would answer after an event (`reduce` calls it after every event).
    mutating func observeAnswerTargets(userMoved: Bool) {
        let shown = banner.map { banner -> AnswerLedger.Subject in
            guard let key = banner.notification.sessionKey else {
                return AnswerLedger.Subject(notification: banner.notification.key)
            }
            return AnswerLedger.Subject(session: key, prompt: prompt(of: key))
        }
        let row = selection.map { AnswerLedger.Subject(session: $0, prompt: prompt(of: $0)) }
        answers.observe(banner: shown, row: row, userMoved: userMoved, now: clock)
    }

    /// True, with a word, when `prompt` was answered already (or its answer is on its way).
    private mutating func isAnswered(_ prompt: PromptID) -> Bool {
        guard let record = answers.record(for: prompt), record.progress.isFinal else { return false }
        let answer = record.answer
        switch record.progress {
        case .sending: flash = "the answer to \(answer.target) is on its way: nothing sent"
        case .duplicate: flash = "\(answer.target) was already answered: nothing sent"
        case .expired: flash = "\(answer.target) no longer waits: nothing sent"
        default: flash = "already \(answer.doneVerb) \(answer.target): nothing sent"
        }
        return true
    }

    private func isFresh(_ changed: MonotonicTime?) -> Bool {
        changed.map { clock < $0 + ui.answerGrace } ?? false
    }
}
