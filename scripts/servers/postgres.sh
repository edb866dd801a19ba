#!/usr/bin/env bash
# A throw-away PostgreSQL server on 127.0.0.1, for tests and for trying database plans locally.
#
#   scripts/servers/postgres.sh [start] [PORT]  install Debian's postgresql if missing, start a server
#                                              (on PORT, else a free port) with its data in a fresh
#                                              folder, and print its connection facts:
#                                                PGHOST=127.0.0.1  PGPORT=...  PGUSER=postgres
#                                                PGDATABASE=postgres  PGDATA_DIR=...  (one per line)
#   scripts/servers/postgres.sh stop DATA_DIR  stop the server started with that folder and remove it
#   scripts/servers/postgres.sh status         print the facts when the ROWFORGE_PG_DIR server runs,
#                                              exit 1 when not
#   scripts/servers/postgres.sh install        only install Debian's postgresql when missing
#   ROWFORGE_PG_WATCH_PID=<pid> ... start       also stop it when that process ends (test runs)
#
# The folder: ROWFORGE_PG_DIR when set, else a new /tmp/rowforge-pg.XXXXXX per start (so parallel
# test runs never share one). `start` is idempotent when ROWFORGE_PG_DIR names a folder whose
# server is already running: it prints that server's facts again (another PORT is refused); a
# ROWFORGE_PG_DIR whose server is not running keeps its data and is started again. The server
# listens on 127.0.0.1 only. The superuser `postgres` logs in without a password; every other role
# must give its password (scram-sha-256), so a plan's user/password are checked as on a real server:
#   psql -h 127.0.0.1 -p $PGPORT -U postgres -c "CREATE ROLE app LOGIN PASSWORD 'secret'"
# The conventions (commands, lock, status, stop, watcher) are scripts/servers/lib/common.sh's;
# facts are kept in <folder>/server.env.
set -euo pipefail

NAME=postgres
PREFIX=PG
FACT_PREFIX=PG
DIR_FACT=PGDATA_DIR
MARKER=data/PG_VERSION
FRESH_DIR=/tmp/rowforge-pg.XXXXXX
USAGE="[start [PORT]|status|stop DATA_DIR|install]"
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

# The newest installed PostgreSQL's programs (Debian keeps them off PATH).
pg_bin() {
  local d
  d=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
  [[ -n "$d" && -x "$d/pg_ctl" ]] && echo "$d"
}

install_postgres() {
  pg_bin >/dev/null && return 0
  # Debian's package would make and start a cluster of its own on 5432: apt_install refuses
  # service starts, and rowforge never uses that cluster.
  apt_install --no-install-recommends postgresql
  pg_bin >/dev/null || die "postgresql installed but no pg_ctl under /usr/lib/postgresql/*/bin"
}

# Runs a command as the postgres user when we are root (initdb refuses to run as root).
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Up: the server accepts connections on PORT (pg_isready), or at least the port opens.
ready() {
  local bin
  bin=$(pg_bin) || {
    port_open "$1"
    return
  }
  "$bin/pg_isready" -q -h "$HOST" -p "$1" -t 2 >/dev/null 2>&1
}

# The postmaster's pid is the first line of its pid file (no PID fact: the facts are libpq's names).
server_pid() { head -n 1 "$DIR/data/postmaster.pid" 2>/dev/null || true; }

# pg_ctl's immediate shutdown (the postmaster and its backends at once; pg_ctl knows a stale pid
# file from a live server); without pg_ctl, the postmaster's own signal for it (QUIT).
stop_server() {
  local bin
  [[ -f "$DIR/data/PG_VERSION" ]] || return 0
  if bin=$(pg_bin); then
    as_owner "$bin/pg_ctl" -D "$DIR/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  else
    stop_pid "$(server_pid)" QUIT
  fi
}

cmd_start() {
  local want_port="${1:-}"
  found_running "$want_port" && return 0
  install_postgres
  local bin port
  bin=$(pg_bin)
  use_fresh_dir
  mkdir -p "$DIR/socket"
  if [[ $(id -u) -eq 0 ]]; then chown -R postgres:postgres "$DIR"; fi
  chmod 755 "$DIR"
  # The server runs as postgres: every folder above the data folder must let it through.
  as_owner test -w "$DIR" || die "the postgres user cannot write $DIR (a folder above it is private to $(id -un)); choose a folder under /tmp"
  local t0
  t0=$(date +%s%N)
  if [[ ! -f "$DIR/data/PG_VERSION" ]]; then
    rm -rf "$DIR/data" # what a failed initdb left
    as_owner "$bin/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync >"$DIR/initdb.log" 2>&1 ||
      {
        cat "$DIR/initdb.log" >&2
        die "initdb failed"
      }
    cat >"$DIR/data/pg_hba.conf" <<'HBA'
local all all                  trust
host  all postgres 127.0.0.1/32 trust
host  all all      127.0.0.1/32 scram-sha-256
HBA
    if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$DIR/data/pg_hba.conf"; fi
  fi
  # A server on this data folder that has no facts here (an older script's): left as it is.
  if as_owner "$bin/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    die "a server already runs on $DIR/data without facts in $DIR/server.env: '$0 stop $DIR' stops it"
  fi
  port=${want_port:-$(free_port)}
  port_open "$port" && die "port $port on $HOST is already taken"
  log "starting PostgreSQL on $HOST:$port ($DIR)"
  # Fast and throw-away: no fsync, loopback only, its own socket folder. pg_ctl detaches the
  # server into a session of its own; it never holds the lock (9>&-).
  as_owner "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
    -o "-h $HOST -p $port -k $DIR/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
    start >/dev/null 2>&1 9>&- || {
    tail -n 20 "$DIR/server.log" >&2 || true
    as_owner "$bin/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    die "the server did not start on port $port ($DIR/server.log)"
  }
  cat >"$ENV_FILE" <<EOF
PGHOST=$HOST
PGPORT=$port
PGUSER=postgres
PGDATABASE=postgres
PGDATA_DIR=$DIR
EOF
  log "ready in $(ms_since "$t0") ms (pid $(server_pid))"
  start_watch
  print_facts
}

if [[ "${1:-}" == install ]]; then
  install_postgres
  exit 0
fi
main "$@"
