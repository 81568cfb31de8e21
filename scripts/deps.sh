#!/usr/bin/env bash
# scripts/deps.sh: install what uritest needs and is missing; idempotent.
# ADAPTERS=all (or a list of adapter names) adds the heavy adapters' packages.
# Debian packages through apt-get when root (else print the command);
# npm packages through `npm ci` from committed lock files, only where the
# machine's Node is recent enough (never Debian's nodejs over it).
# ONLY=harness: only what building and running uritest needs (the compiler and
# jansson and libidn2: the Debian and Ubuntu packages gcc make libc6-dev pkg-config
# libjansson-dev libidn2-dev), no npm; for CI jobs that test a parser (action.yml).
# SUDO=sudo: install through sudo when not root (a CI runner's user).
set -u
ONLY=${ONLY:-}
SUDO=${SUDO:-}
harness_pkgs="gcc make libc6-dev pkg-config libjansson-dev libidn2-dev"
# libclang-rt-dev: clang's libFuzzer and sanitizer runtimes (only recommended by
# clang's libclang-common-14-dev, which --no-install-recommends leaves out).
# iproute2: ip(8), with which uritest fetch makes every address of its lab local;
# util-linux: unshare(1) and setpriv(1) of the fetch tests.
pkgs="build-essential $harness_pkgs jq python3 python3-jsonschema python3-yaml bats
      libxml2-utils man-db liburiparser-dev libcurl4-openssl-dev lcov valgrind strace clang
      libclang-rt-dev afl++ re2c iproute2 util-linux
      clang-format clang-tidy cppcheck pyflakes3 shellcheck"
case $ONLY in
  "") ;;
  harness) pkgs=$harness_pkgs ;;
  *) echo "deps: ONLY=harness is the one subset there is (not \"$ONLY\")" >&2; exit 2 ;;
esac
# Each adapter's Debian packages, from its adapter.json ("packages", and
# "weight": "light" or "heavy").  Light adapters' packages are installed by
# default; heavy ones with ADAPTERS=all or when named: ADAPTERS="qt boost".
adapter_pkgs=$([ -n "$ONLY" ] || ADAPTERS="${ADAPTERS:-}" /usr/bin/python3 - <<'PY' 2>/dev/null
import glob, json, os
wanted = os.environ.get("ADAPTERS", "").split()
out = []
for path in sorted(glob.glob("adapters/*/adapter.json")):
    try:
        doc = json.load(open(path))
    except ValueError:
        continue
    for a in doc if isinstance(doc, list) else [doc]:
        heavy = a.get("weight") == "heavy"
        if not heavy or "all" in wanted or a.get("name") in wanted \
                or os.path.basename(os.path.dirname(path)) in wanted:
            out += a.get("packages", [])
print(" ".join(sorted(set(out))))
PY
)
# The adapters' packages are read by /usr/bin/python3: on a system that has
# none yet, the first pass installs it (it is in $pkgs) and a second reads them.
again=""
if [ -z "$ONLY" ] && [ ! -x /usr/bin/python3 ] && [ -z "${DEPS_AGAIN:-}" ]; then
  echo "deps: no /usr/bin/python3 yet: the adapters' packages come after it"
  again=yes
fi
pkgs="$pkgs $adapter_pkgs ${EXTRA_PKGS:-}"
missing=""
for p in $pkgs; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
  case "$status" in *"install ok installed"*) ;; *) missing="$missing $p" ;; esac
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" -ne 0 ] && [ -n "$SUDO" ]; then
    as_root="$SUDO env DEBIAN_FRONTEND=noninteractive"
  elif [ "$(id -u)" -eq 0 ]; then
    as_root="env DEBIAN_FRONTEND=noninteractive"
  else
    as_root=""
  fi
  if [ -n "$as_root" ]; then
    echo "deps: installing:$missing"
    $as_root apt-get update -qq || { echo "deps: apt-get update failed" >&2; exit 2; }
    # shellcheck disable=SC2086
    $as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
      { echo "deps: apt-get install failed for:$missing" >&2; exit 2; }
  else
    echo "deps: missing Debian packages; run as root:"
    echo "  apt-get update && apt-get install -y$missing"
  fi
fi
if [ -n "$again" ] && [ -x /usr/bin/python3 ]; then
  DEPS_AGAIN=yes exec "$0"
fi
# npm_ci DIR: npm ci from DIR's lock file, quiet when it works; when it fails,
# npm's own last lines say why (a registry that refused, a certificate).
npm_ci() {
  echo "deps: npm ci in $1"
  if ! out=$(cd "$1" && npm ci --loglevel=error --no-audit --no-fund 2>&1); then
    why=$(printf '%s\n' "$out" | grep -E '^npm (error|ERR!) [^ ]' | head -n 4)
    printf '%s\n' "${why:-$(printf '%s\n' "$out" | tail -n 3)}" | sed 's/^/  /' >&2
    echo "deps: npm ci failed in $1" >&2; exit 2
  fi
  touch "$1/node_modules"
}
# npm packages of the adapters that need them (each folder with a lock file),
# of the report's browser test (reports/browser: playwright-core) and of
# its JavaScript linter (reports/lint: ESLint, for make lint).
for lock in adapters/*/package-lock.json reports/browser/package-lock.json reports/lint/package-lock.json; do
  [ -f "$lock" ] && [ -z "$ONLY" ] || continue
  dir=$(dirname "$lock")
  if ! scripts/node-ok.sh >/dev/null 2>&1; then
    echo "deps: skipping $dir: $(scripts/node-ok.sh 2>&1)"
    continue
  fi
  if [ ! -d "$dir/node_modules" ] || [ "$lock" -nt "$dir/node_modules" ]; then
    npm_ci "$dir"
  fi
done
# Published versions of an adapter's library (adapter.json "versions"),
# only when named: ADAPTERS="url-parse@1.5.1 urijs@all".  Each is installed
# by npm ci into adapters/NAME/versions/VERSION from its committed lock file
# (scripts/version-locks.py writes them); never by ADAPTERS=all.
for want in ${ADAPTERS:-}; do
  case "$want" in *@*) ;; *) continue ;; esac
  name=${want%@*}; version=${want##*@}
  if [ ! -d "adapters/$name/versions" ]; then
    echo "deps: $name has no published versions (adapters/$name/versions)" >&2; exit 2
  fi
  if [ "$version" = all ]; then
    dirs=$(find "adapters/$name/versions" -mindepth 1 -maxdepth 1 -type d | sort)
  else
    dirs="adapters/$name/versions/$version"
  fi
  for dir in $dirs; do
    if [ ! -f "$dir/package-lock.json" ]; then
      echo "deps: $name@${dir##*/}: no such version (adapter.json \"versions\"; the pinned one is plain $name)" >&2; exit 2
    fi
    if ! scripts/node-ok.sh >/dev/null 2>&1; then
      echo "deps: skipping $dir: $(scripts/node-ok.sh 2>&1)"; continue
    fi
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
      npm_ci "$dir"
    fi
  done
done
# The commit-msg hook (CONTRIBUTING.md), into this checkout's hooks folder
# (a worktree's too: git names the folder), where one is not there yet.
top=$(git rev-parse --show-toplevel 2>/dev/null)
if [ -z "$ONLY" ] && [ "$top" = "$(pwd -P)" ]; then
  hooks=$(git rev-parse --git-path hooks)
  if ! cmp -s scripts/commit-msg "$hooks/commit-msg"; then
    mkdir -p "$hooks" && cp scripts/commit-msg "$hooks/commit-msg" &&
      chmod +x "$hooks/commit-msg" && echo "deps: installed the commit-msg hook in $hooks"
  fi
fi
exit 0
