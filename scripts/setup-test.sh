#!/usr/bin/env bash
# npm run setup:test — what `npm test` needs from the machine, on Debian (12) as root, installed and
# configured once; every later run finds it all present and changes nothing:
#   - PostgreSQL 15 (Debian's postgresql-15) with a cluster on 127.0.0.1:5432 that lets `postgres` in
#     without a password over TCP from 127.0.0.1 (trust), running (started when down);
#   - Debian's Chromium and a Japanese font (fonts-ipafont-gothic) for the site's browser tests
#     (scripts/ensure-chromium.sh; CHROMIUM_PATH: a browser of your own, nothing installed).
# The tests then install nothing. TOOLMARK_SETUP_PG_PORT (default 5432) sets up a cluster on another port
# instead (a second cluster beside a machine's own; point the tests at it with TOOLMARK_TEST_DATABASE_URL).
# Not root, or not Debian: it says what is missing and what to install, and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${TOOLMARK_SETUP_PG_PORT:-5432}"
VERSION=15
BIN="/usr/lib/postgresql/$VERSION/bin"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
say() { echo "setup:test: $*"; }

# True when the tests can use PostgreSQL at 127.0.0.1:$PORT as postgres without a password.
pg_ok() { PGCONNECT_TIMEOUT=5 psql -w -X -q -At -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; }

can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
need_root() {
  say "$1 is missing; as root on Debian this script installs it (or: $2)" >&2
  exit 1
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- PostgreSQL ------------------------------------------------------------------------------------
if command -v psql >/dev/null 2>&1 && pg_ok; then
  say "PostgreSQL on 127.0.0.1:$PORT lets postgres in without a password: nothing to do"
else
  if [ ! -x "$BIN/postgres" ] || ! command -v pg_createcluster >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
    can_install || need_root "PostgreSQL $VERSION" "apt-get install postgresql-$VERSION, then a cluster on 127.0.0.1:$PORT with trust for postgres"
    say "installing Debian's postgresql-$VERSION"
    apt_install "postgresql-$VERSION" "postgresql-client-$VERSION"
  fi
  can_install || need_root "a PostgreSQL cluster on 127.0.0.1:$PORT with trust for postgres" "pg_createcluster $VERSION main -p $PORT, a trust line in its pg_hba.conf, pg_ctlcluster $VERSION main start"
  # The cluster of this version on this port (Debian's package makes `main` on 5432 when it installs).
  cluster="$(pg_lsclusters -h 2>/dev/null | awk -v v="$VERSION" -v p="$PORT" '$1 == v && $3 == p { print $2; exit }')"
  if [ -z "$cluster" ]; then
    cluster=main
    [ "$PORT" = 5432 ] || cluster="toolmark-test-$PORT"
    if [ -d "/etc/postgresql/$VERSION/$cluster" ]; then
      say "a cluster $VERSION/$cluster exists on another port: set TOOLMARK_SETUP_PG_PORT to its port, or move it" >&2
      exit 1
    fi
    say "creating the cluster $VERSION/$cluster on port $PORT"
    pg_createcluster "$VERSION" "$cluster" -p "$PORT" >/dev/null
  fi
  hba="/etc/postgresql/$VERSION/$cluster/pg_hba.conf"
  conf="/etc/postgresql/$VERSION/$cluster/postgresql.conf"
  # Password-free TCP for postgres from 127.0.0.1, ahead of any line that would ask for one (first match wins).
  if ! grep -Eq '^host[[:space:]]+all[[:space:]]+(postgres|all)[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    say "letting postgres in from 127.0.0.1 without a password ($hba)"
    tmp="$(mktemp)"
    { echo '# toolmark tests (scripts/setup-test.sh): postgres from 127.0.0.1 without a password'; echo 'host all postgres 127.0.0.1/32 trust'; cat "$hba"; } >"$tmp"
    cat "$tmp" >"$hba"
    rm -f "$tmp"
  fi
  # Listening on 127.0.0.1 (Debian's default is localhost; an explicit '' would mean sockets only).
  if grep -Eq "^[[:space:]]*listen_addresses[[:space:]]*=[[:space:]]*''" "$conf"; then
    sed -i -E "s/^[[:space:]]*listen_addresses[[:space:]]*=.*/listen_addresses = 'localhost'/" "$conf"
  fi
  status="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$cluster" '$1 == v && $2 == c { print $4 }')"
  if [ "$status" = online ]; then
    say "reloading $VERSION/$cluster"
    pg_ctlcluster "$VERSION" "$cluster" reload
  else
    say "starting $VERSION/$cluster"
    # No systemd in containers and CI machines: pg_ctl directly.
    pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$cluster" start
  fi
  for _ in $(seq 1 30); do
    pg_ok && break
    sleep 1
  done
  if ! pg_ok; then
    say "PostgreSQL on 127.0.0.1:$PORT still refuses postgres without a password; see /var/log/postgresql/postgresql-$VERSION-$cluster.log" >&2
    exit 1
  fi
  say "PostgreSQL $VERSION/$cluster on 127.0.0.1:$PORT ready for the tests"
fi
[ "$PORT" = 5432 ] || say "the tests use 127.0.0.1:5432 unless told: export TOOLMARK_TEST_DATABASE_URL=$URL"

# --- bubblewrap: the capture sandbox (server/src/capture/sandbox.ts; the hostile-package test needs it) --
if ! command -v bwrap >/dev/null 2>&1; then
  can_install || need_root "bubblewrap" "apt-get install bubblewrap"
  apt_install bubblewrap
  say "bubblewrap installed"
fi

# --- Chromium and the Japanese font ------------------------------------------------------------------
bash scripts/ensure-chromium.sh
say "done"
