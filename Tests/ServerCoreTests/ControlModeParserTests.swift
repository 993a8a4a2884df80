// ControlModeParser: lines split anywhere, reply blocks matched by their exact header (a pane
// line that looks like `%end` cannot end a block; the attach's own block is reported as
// `.attached`), octal unescaping of output.
import Testing

@testable import ServerCore

@Suite struct ControlModeParserTests {
    private func parse(_ text: String, chunk: Int = 1_000_000) -> [ControlEvent] {
        var parser = ControlModeParser()
        let bytes = Array(text.utf8)
        var events: [ControlEvent] = []
        var start = 0
        while start < bytes.count {
            events += parser.feed(Array(bytes[start..<min(start + chunk, bytes.count)]))
            start += chunk
        }
        return events
    }

    @Test func outputIsUnescapedWhateverTheChunking() {
        let text = "%output %3 a\\033[1mb\\015\\012\\134x\n%extended-output %4 12 : tail\\012\n"
        for chunk in [1, 2, 3, 7, 1000] {
            #expect(
                parse(text, chunk: chunk) == [
                    .output(pane: "%3", data: Array("a\u{1B}[1mb\r\n\\x".utf8)),
                    .output(pane: "%4", data: Array("tail\n".utf8)),
                ])
        }
    }

    @Test func repliesAreOursOnlyWithFlagOneAndEndOnTheirOwnHeaderAndTheAttachIsReported() {
        let text = """
            %begin 100 7 0
            %end 100 7 0
            %begin 101 8 1
            %end 101 7 1
            %end 999 8 1
            line
            %end 101 8 1
            %begin 102 9 1
            can't find pane: %9
            %error 102 9 1

            """
        #expect(
            parse(text) == [
                .attached(success: true),
                .reply(
                    ControlReply(
                        success: true,
                        lines: [Array("%end 101 7 1".utf8), Array("%end 999 8 1".utf8), Array("line".utf8)])),
                .reply(ControlReply(success: false, lines: [Array("can't find pane: %9".utf8)])),
            ])
    }

    @Test func notificationsAreRecognised() {
        let text = """
            %pause %1
            %continue %1
            %layout-change @2 b25d,80x24,0,0,2 b25d,80x24,0,0,2 *
            %window-add @3
            %window-close @3
            %unlinked-window-close @4
            %sessions-changed
            %session-changed $1 name
            %pane-mode-changed %1
            %exit server exited
            %client-detached /dev/pts/1

            """
        #expect(
            parse(text) == [
                .pause(pane: "%1"), .resume(pane: "%1"), .layoutChange(window: "@2"), .windowAdd(window: "@3"),
                .windowClose(window: "@3"), .windowClose(window: "@4"), .sessionsChanged, .sessionsChanged,
                .paneModeChanged(pane: "%1"), .exit(reason: "server exited"), .other("%client-detached /dev/pts/1"),
            ])
    }

    @Test func malformedEscapesAreKeptAndLongLinesAreCut() {
        #expect(parse("%output %1 \\9x\\01\n") == [.output(pane: "%1", data: Array("\\9x\\01".utf8))])
        #expect(ControlNotification.unescape(Array("\\377\\000".utf8)[...]) == [255, 0])
    }

    @Test func commandLinesQuoteEveryArgument() throws {
        let line = try ControlCommand.line([["send-keys", "-t", "%1", "a;b", "it's", "#{x}"], ["display", "-p"]])
        #expect(line == #"'send-keys' '-t' '%1' 'a;b' 'it'\''s' '#{x}' ; 'display' '-p'"# + "\n")
        #expect(throws: TmuxError.self) { try ControlCommand.line([["x\ny"]]) }
    }
}
