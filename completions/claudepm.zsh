#compdef claudepm

__claudepm_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__claudepm_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __claudepm_complete "${completions[@]:0:-1}"
    fi
}

__claudepm_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_claudepm() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--read-only[Watch only\: send no keys, answers or board actions (per server\: read_only = true in the config).]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'health:Check that the server answers.'
            'sessions:List sessions.'
            'tickets:List tickets.'
            'notifications:List (or clear) notifications.'
            'send:Send text or keys to a session.'
            'watch:Stream server events until interrupted.'
            'servers:List the configured servers.'
            'demo:Run a local demo server and open the client on it.'
            'export:Write a session'\''s recorded output as an asciicast (asciinema) file.'
            'replay:Open an asciicast recording in the replay viewer.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        health|sessions|tickets|notifications|send|watch|servers|demo|export|replay|help)
            "_claudepm_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_claudepm_health() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--json[Print the server'\''s JSON answer.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_sessions() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--json[Print JSON.]'
        '--running[Only running sessions.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_tickets() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--project[Project name, id or id prefix.]:project:'
        '--state[Only tickets in this state (backlog, in_progress, review, done).]:state:'
        '--json[Print JSON.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_notifications() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--json[Print JSON.]'
        '--clear[Dismiss every notification.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_send() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        ':session:'
        '*:text:'
        '--keys[Treat the text as tmux key names separated by spaces (C-c, Escape, Enter…); unknown names are refused.]'
        '--no-enter[Do not press Enter after the text.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_watch() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--json[Print JSON lines.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_servers() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        '--json[Print JSON.]'
        '--check[Also ask each server for its health.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_demo() {
    local -i ret=1
    local -ar arg_specs=(
        '--watch[Stream events instead of opening the terminal UI.]'
        '--json[With --watch\: print JSON lines.]'
        '--read-only[Watch only\: the UI sends no keys, answers or board actions.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_export() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[Use the server with this name from the config file.]:server:'
        '--url[Server URL (http, https, ws or wss), e.g. http\://127.0.0.1\:4847.]:url:'
        '--api-key-file[Read the API key from this file (must be mode 0600).]:api-key-file:'
        '--config[Config file to read instead of $XDG_CONFIG_HOME/claudepm/config.toml.]:config:'
        '--no-color[Never use colour in output.]'
        '--ca-file[Trust only certificates issued by the CA in this PEM file.]:ca-file:'
        '--trust-fingerprint[Accept this certificate fingerprint on first use (SHA256\:hex).]:trust-fingerprint:'
        '--tofu[Trust the server certificate on first use and remember it in known_hosts.]'
        '--detach-key[The key that leaves a full-screen session, e.g. C-g (default C-\]).]:detach-key:'
        ':session:'
        '--since[Only the last part\: 90s, 30m, 2h or 1d.]:since:'
        '--from[From this time (ISO 8601, or milliseconds since the epoch).]:from:'
        '--to[Up to this time (ISO 8601, or milliseconds since the epoch).]:to:'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_replay() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:'
        '--no-color[Never use colour.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_claudepm_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _claudepm ]]; then
    _claudepm "${@}"
else
    compdef _claudepm claudepm
fi
