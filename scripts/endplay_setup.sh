# Sourced, from the repository's root, by the scripts that check our files
# and plays with endplay (an independent bridge library from PyPI): sets
# `venv` to a throwaway virtual environment under target/ (git-ignored)
# that has it, made on first use, and `bin` to the minibridge binary to
# check (the tests pass the one they built; run by hand, it is built).
venv=target/endplay-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import endplay" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check endplay
fi
bin=${MINIBRIDGE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --quiet
    bin=target/debug/minibridge
fi
