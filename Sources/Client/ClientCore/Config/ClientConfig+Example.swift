// A commented example of the config file, for `claudepm config --example` and the docs. A test
// parses it, so it cannot drift from the parser.

extension ClientConfig {
    /// An example `config.toml` showing every setting.
    public static let exampleFileText = """
        # claudepm client configuration ($XDG_CONFIG_HOME/claudepm/config.toml)
        # Precedence: this file < environment (CLAUDEPM_*) < command-line flags.

        [ui]
        detach_key = "C-]"      # leaves an attached session; C-x or ^x (never C-q / C-s)
        tile_size = "120x40"    # emulated size of live tiles
        colour = "auto"         # auto | truecolor | 256 | 16 | none
        notify = "bell"         # off | banner | bell | osc
        fps = 75                # frame-rate cap, 1-240
        refresh = 30            # seconds between session list refreshes where the server does not push them, 5-3600
        prediction = "auto"     # local echo of typed keys before the server answers: auto | on | off
        prediction_threshold_ms = 30   # auto predicts when the round trip exceeds this
        answer_grace_ms = 1000  # y/n answer nothing this long after a banner or prompt changes, 0-60000

        # One table per server. Without any, claudepm uses http://localhost:4847.
        # Add a server with a [server.NAME] table; NAME (unique) labels it in listings, tiles and
        # banners and is what --server NAME picks. The tables' order is the order of listings and
        # of the UI. Remove a server by deleting its table.
        [server.local]
        url = "http://localhost:4847"

        [server.work]
        url = "https://pm.example.com:4847"
        api_key_file = "~/.config/claudepm/work.key"   # must be chmod 600
        # api_key_env = "WORK_PM_KEY"                  # or read the key from a variable
        tls = "tofu"            # system | tofu; or ca_file = "/path/ca.pem" / pin_sha256 = "AB:CD:…"
        # read_only = true      # the UI only watches: no keys, answers or board actions (like --read-only)
        """
}
