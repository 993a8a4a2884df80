import Testing

@testable import ClientCore

@Suite struct TOMLParserTests {
    @Test func parsesTablesValuesAndComments() throws {
        let text = """
            # top comment
            [ui]
            detach_key = "C-]"   # trailing comment
            fps = 1_20
            flag = true
            names = [ "a", 'b\\c',
              "d\\u00e9",  # comment inside the array
            ]

            [server."my box"]
            url = 'http://h:1'
            [[servers]]
            name = "x"
            [[servers]]
            name = "y"
            """
        let document = try TOMLDocument.parse(text)
        #expect(document.tables.map(\.path) == [[], ["ui"], ["server", "my box"], ["servers"], ["servers"]])
        let ui = document.tables[1]
        #expect(ui.entry("detach_key")?.value == .string("C-]"))
        #expect(ui.entry("fps")?.value == .integer(120))
        #expect(ui.entry("flag")?.value == .bool(true))
        #expect(ui.entry("names")?.value == .stringArray(["a", "b\\c", "dé"]))
        #expect(ui.entry("names")?.line == 6)
        #expect(document.tables[3].isArrayElement)
        #expect(document.tables[4].entry("name")?.value == .string("y"))
    }

    @Test func errorsNeverQuoteBareValues() {
        for secret in ["f00dfeedsecretvalue0123456789", "7e57secretvalue0123456789abcd", "t0psecretvalue0123456789"] {
            #expect {
                _ = try TOMLDocument.parse("api_key = \(secret)\n")
            } throws: { error in
                !String(describing: error).contains(secret)
            }
        }
    }

    @Test func basicStringEscapes() throws {
        let document = try TOMLDocument.parse(#"k = "q\"t\ttab\\n\n""#)
        #expect(document.tables[0].entry("k")?.value == .string("q\"t\ttab\\n\n"))
    }

    @Test(arguments: [
        ("a = 1\nb = \"open\n", 2, "not closed"),
        ("[ui\nx = 1", 1, "expected ']'"),
        ("a = 1\na = 2", 2, "set twice"),
        ("[ui]\n[ui]", 2, "defined twice"),
        ("a.b = 1", 1, "dotted keys"),
        ("a = 1.5", 1, "not an integer"),
        ("a = [1, 2]", 1, "only contain strings"),
        ("\n\na = {x = 1}", 3, "inline tables"),
        ("a = \"\"\"x\"\"\"", 1, "multi-line"),
        ("a = 1 b = 2", 1, "unexpected"),
        ("x = [\"a\"\n", 2, "never closed"),
        ("= 3", 1, "expected a key"),
        ("a = \"\\q\"", 1, "unknown escape"),
    ])
    func reportsErrorsWithLineNumbers(text: String, line: Int, fragment: String) {
        #expect {
            _ = try TOMLDocument.parse(text, file: "cfg.toml")
        } throws: { error in
            guard case .syntax(let file, let errorLine, let message) = error as? ConfigError else { return false }
            return file == "cfg.toml" && errorLine == line && message.contains(fragment)
        }
    }
}
