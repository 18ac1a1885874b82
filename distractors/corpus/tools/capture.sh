#!/usr/bin/env bash
# Capture one corpus surface from npm with `toolmark dump` (see ../README.md, "Adding a surface").
# usage: distractors/corpus/tools/capture.sh <name> <package>@<exact version> [KEY=dummy ...] [-- server args ...]
# Installs the exact version into a scratch folder (--ignore-scripts), starts the package's bin with this
# Node, with PATH and a fresh empty HOME plus the dummy variables given (never a real credential), writes
# <name>/tools.json, then <name>/manifest.json via write-manifest.mjs. Run from the repository root after
# `npm run build`.
set -euo pipefail
name="$1"; spec="$2"; shift 2
pkg="${spec%@*}"; version="${spec##*@}"
root="$(pwd)"
out="$root/distractors/corpus/$name"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/pkg" "$out"
HOME="$tmp/home" npm install --prefix "$tmp/pkg" --no-save --ignore-scripts --no-audit --no-fund --loglevel=error "$spec" >/dev/null
bin="$(node -e '
const p=require(process.argv[1]+"/node_modules/"+process.argv[2]+"/package.json");
const b=typeof p.bin==="string"?p.bin:Object.values(p.bin||{})[0];
if(!b){process.exit(3)} console.log("node_modules/"+process.argv[2]+"/"+b.replace(/^\.\//,""));' "$tmp/pkg" "$pkg")"
envargs=(); envnames=(); serverargs=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; serverargs=("$@"); break; fi
  envargs+=(--env "$1"); envnames+=("${1%%=*}"); shift
done
(cd "$tmp/pkg" && HOME="$tmp/home" node "$root/server/dist/cli/main.js" dump --timeout 180 --connect-timeout 150 \
  -o "$out/tools.json" "${envargs[@]}" -- node "$bin" "${serverargs[@]}")
ARGS="${serverargs[*]}" node "$root/distractors/corpus/tools/write-manifest.mjs" "$name" "$pkg" "$version" "$bin" "${envnames[@]}"
echo "captured $name: $(node -e 'console.log(require(process.argv[1]).tools.length)' "$out/tools.json") tools"
