# Bash completion for uritest and rfc3986 (installed by make install into
# share/bash-completion/completions/ under both names).  The subcommands and
# options are read from the commands' own --help, so they never go stale.

_uritest_words() { # the words of CMD's help that look like --options
  "$@" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u
}

_uritest() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local prog=${COMP_WORDS[0]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    # the command table of `PROG --help`: indented lowercase words
    local cmds
    cmds=$("$prog" --help 2>/dev/null | sed -nE 's/^  ([a-z][a-z0-9-]*)( .*)?$/\1/p')
    mapfile -t COMPREPLY < <(compgen -W "$cmds" -- "$cur")
    return
  fi
  local sub=${COMP_WORDS[1]}
  case $prev in
    --format) mapfile -t COMPREPLY < <(compgen -W "text tap junit json" -- "$cur"); return ;;
    --op) mapfile -t COMPREPLY < <(compgen -W "parse match resolve normalize equivalent iri-to-uri" -- "$cur"); return ;;
    --adapter)
      mapfile -t COMPREPLY < <(compgen -W "$("$prog" adapters 2>/dev/null | cut -d' ' -f1)" -- "$cur")
      return ;;
    --vectors|--output|-o|--baseline|--write-baseline|--resume|--corpus|--output-dir|--out)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
  esac
  if [ "$prog" != rfc3986 ] && [ "$sub" = list ] && [ "$COMP_CWORD" -eq 2 ]; then
    mapfile -t COMPREPLY < <(compgen -W "tags files groups sections ops" -- "$cur")
    return
  fi
  if [[ $cur == -* ]]; then
    local opts
    if [ "$prog" = rfc3986 ]; then opts=$(_uritest_words "$prog"); else opts=$(_uritest_words "$prog" "$sub"); fi
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -F _uritest uritest rfc3986
