# Sourced, from the repository's root, by the scripts that check our files
# and plays with endplay (an independent bridge library from PyPI): sets
# `venv` to a throwaway virtual environment under target/ (git-ignored)
# that has it, made on first use, and `bin` to the minibridge binary to
# check (the tests pass the one they built; run by hand, it is built).
#
# The test suite runs several of these scripts at once. Without the lock,
# two of them would make and pip-install the same environment together, and
# one would load endplay's compiled library while the other rewrites it: the
# Python process then dies of SIGBUS ("Bus error").
venv=target/endplay-venv
mkdir -p target
exec 9> target/endplay-venv.lock
flock 9
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import endplay" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check endplay
fi
flock -u 9
exec 9>&-
bin=${MINIBRIDGE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --quiet
    bin=target/debug/minibridge
fi
