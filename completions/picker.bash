# bash completion for picker, written from its option table.
_picker() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    case $previous in
        --session) return ;;
        --session-file) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --source) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --timeout) return ;;
        --query|-q) return ;;
        --filter|-f) return ;;
        --select) return ;;
        --limit|-m) return ;;
        --sort) COMPREPLY=($(compgen -W "first last" -- "$current")); return ;;
        --display) COMPREPLY=($(compgen -W "first last" -- "$current")); return ;;
        --title) return ;;
        --prompt) return ;;
        --header) return ;;
        --height) return ;;
        --format) COMPREPLY=($(compgen -W "names ids tsv json mutt aerc address" -- "$current")); return ;;
        --cache-dir) COMPREPLY=($(compgen -f -- "$current")); return ;;
        --recent) return ;;
    esac
    COMPREPLY=($(compgen -W "--session --session-file --source --timeout --query -q --filter -f --select-1 -1 --exit-0 -0 --select --limit -m --sort --display --title --prompt --header --cycle --height --no-height --no-mouse --no-color --format --print0 --no-cache --offline --cache-dir --recent --no-history --help -h --version" -- "$current"))
}
complete -F _picker picker
