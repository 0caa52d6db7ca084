#!/usr/bin/env bash
# Run a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on 127.0.0.1 (Debian's
# postgresql package), stopped and removed afterwards.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2
  exit 3
fi
# QUARRY_TEST_PG_PORT pins the port; otherwise the OS picks a free one.
PORT=${QUARRY_TEST_PG_PORT:-$(node "$(dirname "$0")/free-port.mjs")}
DIR=$(mktemp -d /tmp/quarry-pg-XXXXXX)
RUNAS=()
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$DIR"
  RUNAS=(runuser -u postgres --)
fi
cleanup() { "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$DIR"; }
trap cleanup EXIT
"${RUNAS[@]}" "$PGBIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
"${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# For tests that restart the server (store briefly unreachable): its pg_ctl, data dir and OS user.
export QUARRY_TEST_PG_CTL="$PGBIN/pg_ctl" QUARRY_TEST_PG_DATA="$DIR/data" QUARRY_TEST_PG_RUNAS="${RUNAS:+postgres}"
"$@"
