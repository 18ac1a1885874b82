#!/usr/bin/env bash
# The toolmark GitHub Action's one step (action.yml runs it; run it as it is to try the action locally).
# Every input arrives as an environment variable, never spliced into script text (GitHub's advice against
# script injection). What it does:
#   1. installs the CLI from the instance's tarball (GET <instance>/cli/toolmark.tgz: the instance's own
#      version, no npm release needed) into a private prefix;
#   2. captures the server's tools/list into tools.json (a file as it is, a URL or a stdio command through
#      `toolmark dump`), so every later step reads the same tools;
#   3. writes a SARIF file (`toolmark lint --format sarif`) for code scanning;
#   4. on a pull request: compares with the server's latest saved lint on the instance
#      (`toolmark lint --baseline <instance>/servers/<slug> --format markdown`) and writes the report to the
#      job summary; a regression fails the step (exit 1);
#      on a push to the main branch (with an API key): saves the score to the instance
#      (POST /v1/servers/<slug>/lint?baseline=latest&label=<sha>) and writes the gate's answer to the summary;
#      elsewhere: lints and writes the terminal report to the summary.
# Inputs (environment): TOOLMARK_INSTANCE (required), TOOLMARK_SERVER (slug; needed for the baseline and the
# save), TOOLMARK_API_KEY (a `ci` key; only for saving), INPUT_FILE | INPUT_URL | INPUT_COMMAND (exactly one;
# a command is split on spaces), INPUT_RULES, INPUT_MAX_DROP, INPUT_FAIL_ON, INPUT_SARIF (true|false),
# INPUT_MAIN_BRANCH (default main), INPUT_FAIL_ON_REGRESSION (true|false, default true), TOOLMARK_CLI
# (a toolmark executable to use instead of installing one). GitHub's own: GITHUB_EVENT_NAME, GITHUB_REF,
# GITHUB_SHA, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP, GITHUB_WORKSPACE.
# Outputs (GITHUB_OUTPUT): score, band, sarif (the file), regressed (true|false), report (the markdown file).
# Exit: 0 done, 1 a regression (or a failed gate on the main branch), 2 bad input or an error.
set -euo pipefail

fail() { echo "toolmark action: $*" >&2; exit 2; }
out() { [ -n "${GITHUB_OUTPUT:-}" ] && echo "$1=$2" >>"$GITHUB_OUTPUT"; return 0; }
summary() { if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat >>"$GITHUB_STEP_SUMMARY"; else cat >/dev/null; fi; }

instance="${TOOLMARK_INSTANCE:-}"
[ -n "$instance" ] || fail "set the instance input: the address of your toolmark instance (https://…)"
instance="${instance%/}"
case "$instance" in
  https://*) ;;
  http://127.0.0.1:* | http://127.0.0.1/* | http://localhost:* | http://localhost/* | http://\[::1\]:*) ;;
  *) fail "instance must be https:// (plain http only to this machine): got $instance" ;;
esac
server="${TOOLMARK_SERVER:-}"
if [ -n "$server" ] && ! [[ "$server" =~ ^[a-z0-9][a-z0-9-]{0,62}$ ]]; then fail "server must be the server's slug on the instance (lower-case letters, digits, -): got $server"; fi

sources=0
[ -n "${INPUT_FILE:-}" ] && sources=$((sources + 1))
[ -n "${INPUT_URL:-}" ] && sources=$((sources + 1))
[ -n "${INPUT_COMMAND:-}" ] && sources=$((sources + 1))
[ "$sources" = 1 ] || fail "give exactly one of the inputs file, url and command (got $sources)"

rules="${INPUT_RULES:-latest}"
max_drop="${INPUT_MAX_DROP:-0}"
fail_on="${INPUT_FAIL_ON:-required}"
sarif="${INPUT_SARIF:-true}"
main_branch="${INPUT_MAIN_BRANCH:-main}"
fail_on_regression="${INPUT_FAIL_ON_REGRESSION:-true}"
work="${RUNNER_TEMP:-$(mktemp -d)}/toolmark"
mkdir -p "$work"
cd "${GITHUB_WORKSPACE:-.}"

# 1. The CLI, from the instance (or the one given).
if [ -n "${TOOLMARK_CLI:-}" ]; then
  toolmark=("$TOOLMARK_CLI")
else
  echo "toolmark action: installing the CLI from $instance/cli/toolmark.tgz" >&2
  npm install --silent --no-audit --no-fund --prefix "$work/cli" "$instance/cli/toolmark.tgz" >&2
  toolmark=("$work/cli/node_modules/.bin/toolmark")
fi
rules_args=()
[ "$rules" = latest ] || rules_args=(--rules "$rules")

# 2. The tools, once.
tools="$work/tools.json"
if [ -n "${INPUT_FILE:-}" ]; then
  [ -f "$INPUT_FILE" ] || fail "file $INPUT_FILE does not exist (relative to $(pwd))"
  tools="$INPUT_FILE"
elif [ -n "${INPUT_URL:-}" ]; then
  "${toolmark[@]}" dump --url "$INPUT_URL" --out "$tools"
else
  read -r -a command <<<"$INPUT_COMMAND"
  "${toolmark[@]}" dump --out "$tools" -- "${command[@]}"
fi

# The score and band for the outputs (the lint's JSON).
"${toolmark[@]}" lint "$tools" "${rules_args[@]}" --format json >"$work/lint.json"
score=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(r.score===null?"":String(r.score))' "$work/lint.json")
band=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(r.band??"")' "$work/lint.json")
out score "$score"
out band "$band"

# 3. SARIF for code scanning.
if [ "$sarif" = true ]; then
  "${toolmark[@]}" lint "$tools" "${rules_args[@]}" --format sarif --instance "$instance" >"$work/toolmark.sarif"
  out sarif "$work/toolmark.sarif"
fi

# 4. Compare (pull request), save (main branch) or report.
regressed=false
status=0
event="${GITHUB_EVENT_NAME:-}"
if [ "$event" = pull_request ] || [ "$event" = pull_request_target ]; then
  [ -n "$server" ] || fail "on a pull request the action compares with the server's latest saved lint: set the server input (its slug)"
  set +e
  "${toolmark[@]}" lint "$tools" "${rules_args[@]}" --baseline "$instance/servers/$server" --max-drop "$max_drop" --fail-on "$fail_on" --format markdown >"$work/report.md" 2>"$work/gate.txt"
  status=$?
  set -e
  cat "$work/gate.txt" >&2
  [ "$status" -le 1 ] || exit "$status"
  summary <"$work/report.md"
  out report "$work/report.md"
  [ "$status" = 1 ] && regressed=true
elif [ "$event" = push ] && [ "${GITHUB_REF:-}" = "refs/heads/$main_branch" ] && [ -n "${TOOLMARK_API_KEY:-}" ]; then
  [ -n "$server" ] || fail "on the main branch the action saves the score: set the server input (its slug)"
  query="baseline=latest&maxDrop=$max_drop&failOn=$fail_on"
  [ -n "${GITHUB_SHA:-}" ] && query="$query&label=${GITHUB_SHA:0:12}"
  # The key goes in a header file, so it never appears in the process list.
  umask 077
  printf 'Authorization: Bearer %s\n' "$TOOLMARK_API_KEY" >"$work/auth-header"
  code=$(curl -sS --retry 3 -o "$work/saved.json" -w '%{http_code}' -X POST -H "@$work/auth-header" -H 'content-type: application/json' \
    --data-binary "@$tools" "$instance/v1/servers/$server/lint?$query")
  rm -f "$work/auth-header"
  if [ "$code" != 200 ]; then
    echo "toolmark action: the save answered HTTP $code:" >&2
    cat "$work/saved.json" >&2
    exit 2
  fi
  node -e '
    const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const g = s.gate;
    const lines = [`### toolmark: ${s.score === null ? "no tools" : s.score.toFixed(1)} (${s.band ?? "-"}), version ${s.version.seq}${s.version.created ? " (new)" : ""}`, ""];
    if (!g || g.baseline === null || g.comparison === null) lines.push(g ? `No comparison: ${g.reason}` : "");
    else if (g.passed) lines.push(`No regression against version ${g.baseline.seq}${g.baseline.label ? ` (${g.baseline.label})` : ""}.`);
    else lines.push(`**${g.regressions.length} regression${g.regressions.length === 1 ? "" : "s"}** against version ${g.baseline.seq}:`, "", ...g.regressions.map((r) => `- ${r.tool ? "`" + r.tool + "`: " : ""}${r.message}`));
    process.stdout.write(lines.join("\n") + "\n");
    process.exitCode = g && !g.passed ? 1 : 0;
  ' "$work/saved.json" >"$work/report.md" || regressed=true
  summary <"$work/report.md"
  cat "$work/report.md" >&2
  out report "$work/report.md"
else
  "${toolmark[@]}" lint "$tools" "${rules_args[@]}" --format markdown >"$work/report.md"
  summary <"$work/report.md"
  out report "$work/report.md"
fi
out regressed "$regressed"
if [ "$regressed" = true ] && [ "$fail_on_regression" = true ]; then exit 1; fi
exit 0
