#!/bin/sh
# Regenerates wasm/minibridge.wasm, the engine the lesson page embeds, from
# the sources. Needs Debian's rustc-web, cargo-web, rust-web-src and lld
# (Rust's wasm32 standard library is built from source). The module is
# committed, so building lessons needs none of this; the test
# `the_page_engine_is_built_from_these_sources` checks that a fresh build
# gives the committed bytes.
#
# Building the committed module also writes wasm/minibridge.wasm.sources:
# a SHA-256 of the files it is built from and one of the module, so the
# test can tell at once that neither changed, and rebuilds only when one
# did (the standard library alone takes minutes to build for WebAssembly).
#
# Usage: scripts/build-wasm.sh [OUTPUT]   (default: wasm/minibridge.wasm)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/wasm/minibridge.wasm"}
cargo_home=${CARGO_HOME:-"$HOME/.cargo"}
# Paths would land in panic messages: name them the same on every machine
# (the sources, and each registry's folder of downloaded crates).
RUSTFLAGS="-C linker=/usr/bin/wasm-ld --remap-path-prefix=$root=minibridge"
for crates in "$cargo_home"/registry/src/*; do
    [ -d "$crates" ] && RUSTFLAGS="$RUSTFLAGS --remap-path-prefix=$crates=crates"
done
RUSTFLAGS="$RUSTFLAGS --remap-path-prefix=$cargo_home=cargo"
export RUSTFLAGS
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="$root/target/wasm"
unset RUSTC_WRAPPER
cd "$root/wasm"
/usr/bin/cargo build --locked --quiet --profile wasm --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort
cp "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/minibridge_wasm.wasm" "$out"

# The record: each source file's path, a NUL and its bytes, in byte order
# of the paths (the test hashes them the same way).
if [ "$#" -eq 0 ]; then
    cd "$root"
    sources=$( { find engine wasm/src -type f; printf '%s\n' wasm/Cargo.toml Cargo.toml Cargo.lock \
        scripts/build-wasm.sh; } | LC_ALL=C sort | while IFS= read -r f; do
        printf '%s\0' "$f"
        cat "$f"
    done | sha256sum | cut -d' ' -f1)
    module=$(sha256sum wasm/minibridge.wasm | cut -d' ' -f1)
    printf 'sources %s\nmodule %s\n' "$sources" "$module" > wasm/minibridge.wasm.sources
fi
