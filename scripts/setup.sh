#!/usr/bin/env bash
# Installs what the build (and, with --test, the test suite) needs, only when it is missing.
# Idempotent: a second run does nothing but a few version checks (0.3 s). With --quick, only
# what the Rust steps need (the wasm target, clippy and rustfmt): scripts/test.sh installs the
# npm packages, wasm-bindgen-cli and the browsers beside its first steps.
set -euo pipefail
cd "$(dirname "$0")/.."

note() { printf '[setup] %s\n' "$*" >&2; }
test=; quick=
for arg in "$@"; do
  case $arg in
    --test) test=1 ;;
    --quick) quick=1 ;;
    *) note "unknown option $arg"; exit 2 ;;
  esac
done

# The wasm target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  note "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

apt_install() {
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    note "cannot install $* (needs apt-get as root)"
    return 1
  fi
  note "installing $* with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ -n "$test" ]; then
  if ! rustup component list --installed | grep -q '^clippy'; then rustup component add clippy; fi
  if ! rustup component list --installed | grep -q '^rustfmt'; then rustup component add rustfmt; fi
fi
[ -n "$quick" ] && exit 0

# npm packages: wasm-opt (binaryen; Debian's binaryen 108 breaks wasm-bindgen's externref
# table), esbuild for npm run dist's bundles (its binary comes in the @esbuild/<platform>
# package) and playwright-core for the tests. npm ci only when node_modules is out of date;
# from npm's cache without asking the registry whether its copies are current (the lock file
# names each package's version and hash; what the cache lacks is still downloaded): 15 s
# instead of 20-28 in a fresh clone with the cache full.
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  note "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error --prefer-offline
  cp package-lock.json node_modules/.installed-lock.json
fi

# The test suite's browsers, from apt (the page's tests run the headless shell, the wasm tests
# and the benchmarks the full browser, tests/helpers.mjs), and a font: downloading and
# unpacking them waits on the network and the disk, so it runs beside the compiling below.
apt_pid=
if [ -n "$test" ]; then
  missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromium-headless-shell >/dev/null || missing+=(chromium-headless-shell)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  # a Thai font, so that the layout test measures the Thai pages in Thai glyphs (Garuda is
  # in the page's font list)
  fc-list :lang=th 2>/dev/null | grep -q . || missing+=(fonts-tlwg-garuda-otf)
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}" & apt_pid=$!; fi
fi

# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock. Built
# unoptimized (--debug, without debug info): it compiles in half the time, and binds a module
# in well under a second all the same; without its default TLS (rustls and ring), which its
# test runner does not use to reach chromedriver on localhost.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  note "installing wasm-bindgen-cli $want (found: ${have:-none})"
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --locked --debug --no-default-features wasm-bindgen-cli --version "=$want"
fi

if [ -n "$apt_pid" ] && ! wait "$apt_pid"; then
  note "installing ${missing[*]} failed"
  exit 1
fi
