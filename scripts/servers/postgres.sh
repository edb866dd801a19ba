#!/usr/bin/env bash
# A throw-away PostgreSQL server on 127.0.0.1, for tests and for trying database plans locally.
#
#   scripts/servers/postgres.sh start [PORT]   install Debian's postgresql if missing, start a server
#                                              (on PORT, else a free port) with its data in a fresh
#                                              folder, and print its connection facts:
#                                                PGHOST=127.0.0.1  PGPORT=...  PGUSER=postgres
#                                                PGDATABASE=postgres  PGDATA_DIR=...  (one per line)
#   scripts/servers/postgres.sh stop DATA_DIR  stop the server started with that folder and remove it
#   ROWFORGE_PG_WATCH_PID=<pid> ... start       also stop it when that process ends (test runs)
#
# `start` is idempotent when ROWFORGE_PG_DIR names a folder whose server is already running:
# it prints that server's facts again. The server listens on 127.0.0.1 only. The superuser
# `postgres` logs in without a password; every other role must give its password
# (scram-sha-256), so a plan's user/password are checked as on a real server:
#   psql -h 127.0.0.1 -p $PGPORT -U postgres -c "CREATE ROLE app LOGIN PASSWORD 'secret'"
set -euo pipefail

die() { echo "postgres.sh: $*" >&2; exit 1; }

pg_bin() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [[ -n "$d" && -x "$d/pg_ctl" ]] && echo "$d"
}

install_postgres() {
  pg_bin >/dev/null && return 0
  [[ $(id -u) -eq 0 ]] || die "PostgreSQL is not installed and installing it needs root (apt-get install postgresql)"
  echo "postgres.sh: installing Debian's postgresql (one time)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || die "apt-get update failed"
  apt-get install -y -qq --no-install-recommends postgresql >&2 || die "apt-get install postgresql failed"
  # Debian's package creates and starts a cluster of its own on 5432; rowforge does not use it.
  pg_bin >/dev/null || die "postgresql installed but no pg_ctl under /usr/lib/postgresql/*/bin"
}

free_port() {
  # Node is always there (rowforge needs it): ask the kernel for a free loopback port.
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Runs a command as the postgres user when we are root (initdb refuses to run as root).
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

print_facts() {
  local dir=$1 port
  port=$(cat "$dir/port")
  printf 'PGHOST=127.0.0.1\nPGPORT=%s\nPGUSER=postgres\nPGDATABASE=postgres\nPGDATA_DIR=%s\n' "$port" "$dir"
}

running() {
  local bin=$1 dir=$2
  [[ -f "$dir/port" ]] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

start() {
  local want_port=${1:-} bin dir port
  install_postgres
  bin=$(pg_bin)
  if [[ -n "${ROWFORGE_PG_DIR:-}" ]] && running "$bin" "$ROWFORGE_PG_DIR"; then
    print_facts "$ROWFORGE_PG_DIR"
    return 0
  fi
  dir=${ROWFORGE_PG_DIR:-$(mktemp -d /tmp/rowforge-pg.XXXXXX)}
  mkdir -p "$dir/socket"
  if [[ $(id -u) -eq 0 ]]; then chown -R postgres:postgres "$dir"; fi
  chmod 755 "$dir"
  # The server runs as postgres: every folder above the data folder must let it through.
  as_owner test -w "$dir" || die "the postgres user cannot write $dir (a folder above it is private to $(id -un)); choose a folder under /tmp"
  if [[ ! -f "$dir/data/PG_VERSION" ]]; then
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    cat >"$dir/data/pg_hba.conf" <<'HBA'
local all all                  trust
host  all postgres 127.0.0.1/32 trust
host  all all      127.0.0.1/32 scram-sha-256
HBA
    if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$dir/data/pg_hba.conf"; fi
  fi
  port=${want_port:-$(free_port)}
  # Fast and throw-away: no fsync, loopback only, its own socket folder.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
    start >/dev/null 2>&1 || { tail -20 "$dir/server.log" >&2 || true; die "the server did not start on port $port"; }
  echo "$port" >"$dir/port"
  # ROWFORGE_PG_WATCH_PID: stop the server once that process is gone (a test run killed
  # before its teardown leaves no server behind).
  if [[ -n "${ROWFORGE_PG_WATCH_PID:-}" ]]; then
    setsid bash "${BASH_SOURCE[0]}" watch "$ROWFORGE_PG_WATCH_PID" "$dir" </dev/null >/dev/null 2>&1 &
  fi
  print_facts "$dir"
}

watch() {
  local pid=$1 dir=$2
  while kill -0 "$pid" 2>/dev/null && [[ -d "$dir" ]]; do sleep 2; done
  stop "$dir"
}

stop() {
  local dir=${1:-${ROWFORGE_PG_DIR:-}} bin
  [[ -n "$dir" ]] || die "stop needs the data folder start printed (PGDATA_DIR)"
  [[ -e "$dir" ]] || return 0
  # Only a folder this script made (its port file or data folder) is stopped and removed.
  [[ -f "$dir/port" || -f "$dir/data/PG_VERSION" ]] || die "$dir is not a folder postgres.sh started; nothing removed"
  if [[ -f "$dir/data/PG_VERSION" ]]; then
    bin=$(pg_bin) || die "PostgreSQL is not installed"
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-start}" in
  start) shift || true; start "${1:-}" ;;
  stop) shift; stop "${1:-}" ;;
  install) install_postgres ;;
  watch) watch "$2" "$3" ;;
  *) die "usage: $0 start [PORT] | stop DATA_DIR | install" ;;
esac
