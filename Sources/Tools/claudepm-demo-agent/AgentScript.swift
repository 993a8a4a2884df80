// The scripted agent as a pure state machine: time (script seconds) and key bytes go in, transcript
// changes and hook events come out. Works, asks (a permission prompt or a free question), waits,
// reacts to the answer, and loops.

/// What kind of questions the agent asks.
enum QuestionMode: String, CaseIterable {
    case permission, free, mixed
}

/// A hook the agent wants posted.
enum AgentHook: Equatable {
    case permissionPrompt(message: String)
    case stop(message: String)
    case userPromptSubmit(prompt: String)
}

/// Effects of feeding the script.
enum AgentEffect: Equatable {
    case hook(AgentHook)
    case quit
}

/// The scripted agent's state.
struct AgentScript {
    enum Phase: Equatable {
        case working(askAt: Double)
        case askingPermission(command: String)
        case askingFree(question: String)
        case reacting(until: Double)
    }

    private(set) var transcript: [TranscriptLine] = []
    private(set) var phase: Phase
    private(set) var typed: [UInt8] = []
    private(set) var workStartedAt: Double = 0
    private var rng: SeededGenerator
    private var nextStepAt: Double = 0
    private let askAfter: Double?
    private let mode: QuestionMode
    private var turns = 0

    init(seed: UInt64, askAfter: Double?, mode: QuestionMode, ticket: String?) {
        rng = SeededGenerator(seed: seed)
        self.askAfter = askAfter
        self.mode = mode
        phase = .working(askAt: 0)
        let subject = ticket.map { "ticket \($0)" } ?? "the task"
        transcript = [
            TranscriptLine(.user, "> Work on \(subject)"),
            TranscriptLine(.assistant, "⏺ On it — reading the ticket first."),
        ]
        phase = .working(askAt: nextAskDelay())
    }

    /// The text typed into the prompt box so far.
    var typedText: String { String(decoding: typed, as: UTF8.self) }

    /// Advances script time to `now`.
    mutating func tick(now: Double) -> [AgentEffect] {
        switch phase {
        case .working(let askAt):
            if now - workStartedAt >= askAt { return ask() }
            if now >= nextStepAt {
                transcript += WorkLibrary.step(using: &rng)
                nextStepAt = now + rng.between(0.6...1.6)
            }
            return []
        case .reacting(let until):
            if now >= until { startWorking(now: now) }
            return []
        case .askingPermission, .askingFree:
            return []
        }
    }

    /// Handles one input byte at script time `now`.
    mutating func key(_ byte: UInt8, now: Double) -> [AgentEffect] {
        if byte == 0x03 || byte == 0x04 { return [.quit] }
        switch phase {
        case .askingPermission(let command):
            return permissionKey(byte, command: command, now: now)
        case .askingFree:
            return freeKey(byte, now: now)
        case .working, .reacting:
            return byte == UInt8(ascii: "q") ? [.quit] : []
        }
    }

    private mutating func permissionKey(_ byte: UInt8, command: String, now: Double) -> [AgentEffect] {
        switch byte {
        case UInt8(ascii: "1"), UInt8(ascii: "y"), UInt8(ascii: "Y"), 0x0D, 0x0A:
            transcript += [
                TranscriptLine(.tool, "⏺ Bash(\(command))"), TranscriptLine(.toolOutput, "  ⎿  Done (exit 0)"),
            ]
            return react(answer: "yes", now: now)
        case UInt8(ascii: "2"), UInt8(ascii: "n"), UInt8(ascii: "N"), 0x1B:
            transcript += [
                TranscriptLine(.denied, "  ⎿  User declined to run \(command)"),
                TranscriptLine(.assistant, "⏺ Understood — I won't run that. I'll do something else instead."),
            ]
            return react(answer: "no", now: now)
        case UInt8(ascii: "q"):
            return [.quit]
        default:
            return []
        }
    }

    private mutating func freeKey(_ byte: UInt8, now: Double) -> [AgentEffect] {
        switch byte {
        case 0x0D, 0x0A:
            let answer = typedText.isEmpty ? "(no answer)" : typedText
            typed = []
            transcript += [
                TranscriptLine(.user, "> \(answer)"),
                TranscriptLine(.assistant, "⏺ Got it: \(answer). Continuing with that."),
            ]
            return react(answer: answer, now: now)
        case 0x7F, 0x08:
            while let last = typed.popLast(), last & 0xC0 == 0x80 {}
            return []
        case 0x20...:
            typed.append(byte)
            return []
        default:
            return []
        }
    }

    private mutating func ask() -> [AgentEffect] {
        turns += 1
        let permission = mode == .permission || (mode == .mixed && rng.next() % 2 == 0)
        if permission {
            let command = rng.pick(WorkLibrary.permissionCommands)
            phase = .askingPermission(command: command)
            return [.hook(.permissionPrompt(message: "Claude needs your permission to use Bash"))]
        }
        let question = rng.pick(WorkLibrary.questions)
        transcript.append(TranscriptLine(.assistant, "⏺ " + question))
        phase = .askingFree(question: question)
        return [.hook(.stop(message: question))]
    }

    private mutating func react(answer: String, now: Double) -> [AgentEffect] {
        phase = .reacting(until: now + 1.0)
        return [.hook(.userPromptSubmit(prompt: answer))]
    }

    private mutating func startWorking(now: Double) {
        workStartedAt = now
        nextStepAt = now
        phase = .working(askAt: nextAskDelay())
    }

    private mutating func nextAskDelay() -> Double {
        askAfter ?? rng.between(8...20)
    }
}
