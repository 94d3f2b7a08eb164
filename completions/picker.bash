# bash completion for picker, written from its option tables.
_picker() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    if [ "$COMP_CWORD" -gt 1 ]; then
        case ${COMP_WORDS[1]} in
        login)
            case $previous in
                --device-url) return ;;
                --token-url) return ;;
                --client-id) return ;;
                --scope) return ;;
                --flow) COMPREPLY=($(compgen -W "rfc8628 facebook" -- "$current")); return ;;
                --timeout) return ;;
            esac
            COMPREPLY=($(compgen -W "--device-url --token-url --client-id --scope --flow --no-qr --timeout --help -h" -- "$current")); return ;;
        logout)
            case $previous in
                --cache-dir) COMPREPLY=($(compgen -f -- "$current")); return ;;
            esac
            COMPREPLY=($(compgen -W "--cache-dir --help -h" -- "$current")); return ;;
        esac
    fi
    case $previous in
        --session) return ;;
        --session-file) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --source) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --input) COMPREPLY=($(compgen -W "json vcard csv text facebook" -- "$current")); return ;;
        --user) return ;;
        --password-command) return ;;
        --bearer-command) return ;;
        --timeout) return ;;
        --load-timeout) return ;;
        --query|-q) return ;;
        --filter|-f) return ;;
        --select) return ;;
        --limit|-m) return ;;
        --sort) COMPREPLY=($(compgen -W "first last" -- "$current")); return ;;
        --display) COMPREPLY=($(compgen -W "first last" -- "$current")); return ;;
        --title) return ;;
        --prompt) return ;;
        --header) return ;;
        --expect) return ;;
        --history) return ;;
        --history-size) return ;;
        --bind) return ;;
        --delimiter|-d) return ;;
        --nth|-n) return ;;
        --with-nth) return ;;
        --accept-nth) return ;;
        --height) return ;;
        --format) COMPREPLY=($(compgen -W "names ids tsv json mutt aerc address tel mutt-to" -- "$current")); return ;;
        --cache-dir) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --recent) return ;;
    esac
    local words="--session --session-file --source --input --user --password-command --bearer-command --rediscover --timeout --load-timeout --query -q --filter -f --select-1 -1 --exit-0 -0 --select --limit -m --sort --display --title --prompt --header --cycle --no-rank --no-sort --tac --expect --history --history-size --read0 --bind --print-query --ansi --delimiter -d --nth -n --with-nth --accept-nth --height --no-height --no-mouse --no-color --format --print0 --no-cache --offline --cache-dir --recent --no-history --help -h --version"
    [ "$COMP_CWORD" = 1 ] && words="login logout $words"
    COMPREPLY=($(compgen -W "$words" -- "$current"))
}
complete -F _picker picker
