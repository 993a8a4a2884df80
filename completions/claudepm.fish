function __claudepm_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __claudepm_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __claudepm_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __claudepm_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __claudepm_parse_tokens -S
    set -l unparsed_tokens (__claudepm_tokens -pc)
    switch $unparsed_tokens[1]
    case 'claudepm'
        __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'read-only' 'h/help'
        switch $unparsed_tokens[1]
        case 'health'
            __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'json' 'h/help'
        case 'sessions'
            __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'json' 'running' 'h/help'
        case 'tickets'
            __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'project=' 'state=' 'json' 'h/help'
        case 'notifications'
            __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'json' 'clear' 'h/help'
        case 'send'
            __claudepm_parse_subcommand -r 2 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'keys' 'no-enter' 'h/help'
        case 'watch'
            __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'json' 'h/help'
        case 'servers'
            __claudepm_parse_subcommand 0 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'json' 'check' 'h/help'
        case 'demo'
            __claudepm_parse_subcommand 0 'watch' 'json' 'read-only' 'h/help'
        case 'export'
            __claudepm_parse_subcommand 1 'server=' 'url=' 'api-key-file=' 'config=' 'no-color' 'ca-file=' 'trust-fingerprint=' 'tofu' 'detach-key=' 'since=' 'from=' 'to=' 'h/help'
        case 'replay'
            __claudepm_parse_subcommand 1 'no-color' 'h/help'
        case 'help'
            __claudepm_parse_subcommand -r 1 
        end
    end
end

function __claudepm_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __claudepm_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __claudepm_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __claudepm_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__claudepm_tokens -p)
    if test -z "$(__claudepm_tokens -t)"
        set -l index (count (__claudepm_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'claudepm' -f
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" read-only' -l 'read-only' -d 'Watch only: send no keys, answers or board actions (per server: read_only = true in the config).'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'health' -d 'Check that the server answers.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'sessions' -d 'List sessions.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'tickets' -d 'List tickets.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'notifications' -d 'List (or clear) notifications.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'send' -d 'Send text or keys to a session.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'watch' -d 'Stream server events until interrupted.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'servers' -d 'List the configured servers.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'demo' -d 'Run a local demo server and open the client on it.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'export' -d 'Write a session\'s recorded output as an asciicast (asciinema) file.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'replay' -d 'Open an asciicast recording in the replay viewer.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_positional "claudepm" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" json' -l 'json' -d 'Print the server\'s JSON answer.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm health" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" json' -l 'json' -d 'Print JSON.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" running' -l 'running' -d 'Only running sessions.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm sessions" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" project' -l 'project' -d 'Project name, id or id prefix.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" state' -l 'state' -d 'Only tickets in this state (backlog, in_progress, review, done).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" json' -l 'json' -d 'Print JSON.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm tickets" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" json' -l 'json' -d 'Print JSON.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" clear' -l 'clear' -d 'Dismiss every notification.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm notifications" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" keys' -l 'keys' -d 'Treat the text as tmux key names separated by spaces (C-c, Escape, Enter…); unknown names are refused.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" no-enter' -l 'no-enter' -d 'Do not press Enter after the text.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm send" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" json' -l 'json' -d 'Print JSON lines.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm watch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" json' -l 'json' -d 'Print JSON.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" check' -l 'check' -d 'Also ask each server for its health.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm servers" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm demo" watch' -l 'watch' -d 'Stream events instead of opening the terminal UI.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm demo" json' -l 'json' -d 'With --watch: print JSON lines.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm demo" read-only' -l 'read-only' -d 'Watch only: the UI sends no keys, answers or board actions.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm demo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" server' -l 'server' -d 'Use the server with this name from the config file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" url' -l 'url' -d 'Server URL (http, https, ws or wss), e.g. http://127.0.0.1:4847.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" api-key-file' -l 'api-key-file' -d 'Read the API key from this file (must be mode 0600).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" config' -l 'config' -d 'Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" no-color' -l 'no-color' -d 'Never use colour in output.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" ca-file' -l 'ca-file' -d 'Trust only certificates issued by the CA in this PEM file.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" trust-fingerprint' -l 'trust-fingerprint' -d 'Accept this certificate fingerprint on first use (SHA256:hex).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" tofu' -l 'tofu' -d 'Trust the server certificate on first use and remember it in known_hosts.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" detach-key' -l 'detach-key' -d 'The key that leaves a full-screen session, e.g. C-g (default C-]).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" since' -l 'since' -d 'Only the last part: 90s, 30m, 2h or 1d.' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" from' -l 'from' -d 'From this time (ISO 8601, or milliseconds since the epoch).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" to' -l 'to' -d 'Up to this time (ISO 8601, or milliseconds since the epoch).' -rfka ''
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm replay" no-color' -l 'no-color' -d 'Never use colour.'
complete -c 'claudepm' -n '__claudepm_should_offer_completions_for_flags_or_options "claudepm replay" h help' -s 'h' -l 'help' -d 'Show help information.'
