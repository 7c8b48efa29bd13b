#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the test suites: `npm run test:pg` and .ci/run.
#
#   eval "$(bash scripts/pg-test-cluster.sh start)"   # exports TEST_DATABASE_URL=postgres://…
#   bash scripts/pg-test-cluster.sh stop
#   bash scripts/pg-test-cluster.sh run vitest run      # `npm run test:pg`: start, run, stop
#
# start: initdb into a fresh directory as the `postgres` user (initdb refuses root), listen on
# 127.0.0.1 at a free port (PG_TEST_PORT to choose it), durability off (fsync, synchronous_commit,
# full_page_writes: the data is thrown away), trust authentication on loopback only. It prints one
# line, `export TEST_DATABASE_URL=…`; the test helpers create one database per test server in it.
# stop: stops that cluster and removes its directory. run: runs a command with TEST_DATABASE_URL
# set: the caller's own, else a cluster already started, else one started for it and stopped after. Needs Debian's `postgresql` package
# (`apt-get install -y postgresql`); PG_BIN overrides where initdb and pg_ctl are.
set -euo pipefail

STATE_DIR="${PG_TEST_DIR:-${TMPDIR:-/tmp}/porchlight-pg-test}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || PG_BIN="$(dirname "$(command -v initdb || echo /nonexistent/initdb)")"

# Runs a command as the postgres user when we are root (initdb and postgres refuse root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "pg-test-cluster: initdb not found (apt-get install -y postgresql, or set PG_BIN)" >&2
    exit 1
  fi
  if running; then
    echo "export TEST_DATABASE_URL=$(cat "$STATE_DIR/url")"
    return
  fi
  rm -rf "$STATE_DIR"
  mkdir -p "$STATE_DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$STATE_DIR"
  local port="${PG_TEST_PORT:-$(free_port)}"
  # C collation: text sorts by code point, as SQLite's default BINARY collation does.
  as_owner "$PG_BIN/initdb" -D "$STATE_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$STATE_DIR/initdb.log" 2>&1 || {
    cat "$STATE_DIR/initdb.log" >&2
    exit 1
  }
  as_owner "$PG_BIN/pg_ctl" -D "$STATE_DIR/data" -l "$STATE_DIR/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$STATE_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null || {
    cat "$STATE_DIR/server.log" >&2
    exit 1
  }
  local url="postgres://postgres@127.0.0.1:$port/postgres"
  echo "$url" >"$STATE_DIR/url"
  echo "export TEST_DATABASE_URL=$url"
}

stop() {
  if [ -d "$STATE_DIR/data" ]; then
    as_owner "$PG_BIN/pg_ctl" -D "$STATE_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$STATE_DIR"
}

running() {
  [ -f "$STATE_DIR/url" ] && as_owner "$PG_BIN/pg_ctl" -D "$STATE_DIR/data" status >/dev/null 2>&1
}

run() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    exec "$@"
  fi
  if running; then
    TEST_DATABASE_URL="$(cat "$STATE_DIR/url")" exec "$@"
  fi
  local line
  line="$(start)"
  trap stop EXIT
  local status=0
  TEST_DATABASE_URL="${line#export TEST_DATABASE_URL=}" "$@" || status=$?
  exit "$status"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  run)
    shift
    run "$@"
    ;;
  *)
    echo "usage: $0 start|stop|run <command…>" >&2
    exit 2
    ;;
esac
