#!/usr/bin/env bash
# A throw-away MariaDB server for local runs and tests: Debian's mariadb-server (installed when
# missing), a data folder of its own, mariadbd on 127.0.0.1 on a free port (or the one given),
# its own socket and pid file, a test database and user with a password, LOAD DATA LOCAL INFILE
# allowed. Idempotent: when the server is already up it only prints the facts again.
#
#   scripts/servers/mariadb.sh [start] [PORT]   start (or find running) and print KEY=value facts
#   scripts/servers/mariadb.sh status           print the facts when running, exit 1 when not
#   scripts/servers/mariadb.sh stop [DIR]       stop exactly this server and remove its folder
#                                               (DIR: the MARIADB_DIR that start printed)
#
# Facts (stdout, one KEY=value a line; also kept in $MARIADB_DIR/server.env): MARIADB_HOST,
#   MARIADB_PORT, MARIADB_USER, MARIADB_PASSWORD, MARIADB_DATABASE, MARIADB_SOCKET, MARIADB_DIR,
#   MARIADB_PID. Progress goes to stderr.
# Environment: ROWFORGE_MARIADB_DIR (the folder; default $ROWFORGE_SERVERS_DIR/mariadb, that
#   one by default ${TMPDIR:-/tmp}/rowforge-servers), MARIADB_PORT (same as PORT),
#   MARIADB_USER / MARIADB_PASSWORD / MARIADB_DATABASE (default rowforge each),
#   MARIADB_READY_TIMEOUT (seconds, default 60), ROWFORGE_MARIADB_WATCH_PID (also stop the server
#   it starts once that process ends: test runs killed before their teardown leave nothing). The same names as the facts, so
#   `eval "$(scripts/servers/mariadb.sh)"` in a shell and a later start agree.
set -euo pipefail

NAME=mariadb
BASE="${ROWFORGE_SERVERS_DIR:-${TMPDIR:-/tmp}/rowforge-servers}"
DIR="${ROWFORGE_MARIADB_DIR:-$BASE/$NAME}"
ENV_FILE="$DIR/server.env"
HOST=127.0.0.1
DB_USER="${MARIADB_USER:-rowforge}"
DB_PASSWORD="${MARIADB_PASSWORD:-rowforge}"
DB_NAME="${MARIADB_DATABASE:-rowforge}"
READY_TIMEOUT="${MARIADB_READY_TIMEOUT:-60}"

log() { echo "$NAME: $*" >&2; }
die() {
  log "$*"
  exit 1
}

# A loopback port nobody listens on, below Linux's ephemeral range so outgoing connections do
# not take it between the check and the bind.
free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$((15000 + RANDOM % 17000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  die "no free loopback port found"
}

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

# One start or stop at a time for this folder (parallel test runs, two terminals): the others
# wait, then find the server up (or gone). The server itself never holds the lock (9>&-).
lock() {
  command -v flock >/dev/null 2>&1 || return 0
  mkdir -p "$(dirname "$DIR")"
  exec 9>"$(dirname "$DIR")/.$(basename "$DIR").lock"
  flock -w 900 9 || die "another start or stop of $DIR holds its lock for 15 minutes"
}

fact() { sed -n "s/^MARIADB_$1=//p" "$ENV_FILE" 2>/dev/null | head -n 1; }

# PID and PORT of the server this folder belongs to (from its facts file); the user, password
# and database it was made with replace the defaults.
read_env() {
  [ -f "$ENV_FILE" ] || return 1
  PID=$(fact PID)
  PORT=$(fact PORT)
  DB_USER=$(fact USER)
  DB_PASSWORD=$(fact PASSWORD)
  DB_NAME=$(fact DATABASE)
}

# The server answers a query as the test user over TCP: the check a connector would make.
answers() {
  command -v mariadb >/dev/null 2>&1 || return 1
  MYSQL_PWD="$DB_PASSWORD" mariadb --no-defaults --protocol=TCP -h "$HOST" -P "$1" -u "$DB_USER" \
    --connect-timeout=2 -N -e "SELECT 1" "$DB_NAME" >/dev/null 2>&1
}

print_facts() {
  cat "$ENV_FILE"
}

running() {
  read_env 2>/dev/null || return 1
  pid_alive "${PID:-}" && answers "$PORT"
}

cmd_status() {
  if running; then
    print_facts
  else
    log "not running"
    exit 1
  fi
}

cmd_stop() {
  if read_env 2>/dev/null && pid_alive "${PID:-}"; then
    log "stopping pid $PID"
    kill -TERM "$PID" 2>/dev/null || true

    for _ in $(seq 1 300); do
      pid_alive "$PID" || break
      sleep 0.1
    done
    if pid_alive "$PID"; then
      log "pid $PID still up after 30 s: killing it"
      kill -KILL "$PID" 2>/dev/null || true
      sleep 0.2
    fi
  elif [ -f "$DIR/mariadbd.pid" ]; then
    local p
    p=$(cat "$DIR/mariadbd.pid" 2>/dev/null || true)
    if pid_alive "$p"; then
      kill -TERM "$p" 2>/dev/null || true
      sleep 2
      kill -KILL "$p" 2>/dev/null || true
    fi
  fi
  rm -rf "$DIR"
  log "stopped; removed $DIR"
}

install_if_missing() {
  if command -v mariadbd >/dev/null 2>&1 && command -v mariadb-install-db >/dev/null 2>&1 &&
    command -v mariadb >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    die "mariadbd, mariadb-install-db and mariadb are required (Debian: apt-get install mariadb-server mariadb-client)"
  fi
  log "installing mariadb-server and mariadb-client from Debian's packages"
  apt-get update -qq
  # The package's post-install script starts the system-wide service (on port 3306) where an init
  # system runs; we want none of that: policy-rc.d refuses service starts during the install.
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server mariadb-client >/dev/null ||
    {
      if [ "$made_policy" = 1 ]; then rm -f "$policy"; fi
      die "apt-get install mariadb-server mariadb-client failed"
    }
  if [ "$made_policy" = 1 ]; then rm -f "$policy"; fi
  command -v mariadbd >/dev/null 2>&1 || die "mariadbd not found after install"
}

cmd_start() {
  local want_port="${1:-${MARIADB_PORT:-}}"
  if running; then
    if [ -z "$want_port" ] || [ "$want_port" = "$PORT" ]; then
      print_facts
      return 0
    fi
    die "already running on port $PORT, not $want_port: run '$0 stop' first"
  fi
  DB_USER="${MARIADB_USER:-rowforge}"
  DB_PASSWORD="${MARIADB_PASSWORD:-rowforge}"
  DB_NAME="${MARIADB_DATABASE:-rowforge}"
  install_if_missing
  # Leftovers of a server that died or a half-made folder: start afresh.
  if [ -d "$DIR" ]; then
    log "removing stale $DIR"
    cmd_stop 2>/dev/null || rm -rf "$DIR"
  fi
  local port="${want_port:-$(free_port)}"
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    die "port $port on 127.0.0.1 is already taken"
  fi
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR/data" "$DIR/run"
  # mariadbd refuses to run as root: as root it runs as the package's mysql user (or nobody).
  # The server's root account is reached through the socket by the OS user running this script
  # (unix_socket authentication): root as root, else an account named after that user.
  local run_as=() admin
  admin=$(id -un)
  if [ "$(id -u)" = "0" ]; then
    local u=mysql
    id "$u" >/dev/null 2>&1 || u=nobody
    chown -R "$u:" "$DIR"
    chmod 755 "$BASE"
    run_as=(--user="$u")
  fi
  cat >"$DIR/my.cnf" <<EOF
[mariadbd]
datadir=$DIR/data
socket=$DIR/run/mariadbd.sock
pid-file=$DIR/mariadbd.pid
log-error=$DIR/mariadbd.err
bind-address=$HOST
port=$port
skip-name-resolve
local-infile=1
innodb_buffer_pool_size=128M
innodb_log_file_size=48M
innodb_flush_log_at_trx_commit=2
max_allowed_packet=64M
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
EOF
  chmod 644 "$DIR/my.cnf"
  log "initialising $DIR/data"
  mariadb-install-db --defaults-file="$DIR/my.cnf" "${run_as[@]}" --auth-root-authentication-method=socket \
    --auth-root-socket-user="$admin" --skip-test-db >"$DIR/install-db.log" 2>&1 || {
    cat "$DIR/install-db.log" >&2
    die "mariadb-install-db failed (log above)"
  }
  log "starting mariadbd on $HOST:$port"
  # setsid: the server outlives this script and the terminal or test run that called it.
  setsid mariadbd --defaults-file="$DIR/my.cnf" "${run_as[@]}" </dev/null >>"$DIR/mariadbd.out" 2>&1 9>&- &
  local pid=$!
  # Whatever goes wrong from here on, the half-started server does not outlive this script.
  trap 'if [ ! -f "$ENV_FILE" ]; then kill -KILL "$pid" 2>/dev/null || true; fi' EXIT
  local sock="$DIR/run/mariadbd.sock" _
  for _ in $(seq 1 $((READY_TIMEOUT * 10))); do
    pid_alive "$pid" || {
      tail -n 30 "$DIR/mariadbd.err" >&2 2>/dev/null || true
      die "mariadbd exited during start (log above, $DIR/mariadbd.err)"
    }
    if mariadb-admin --no-defaults -S "$sock" -u "$admin" --connect-timeout=1 ping >/dev/null 2>&1; then
      break
    fi
    sleep 0.1
  done
  mariadb-admin --no-defaults -S "$sock" -u "$admin" --connect-timeout=1 ping >/dev/null 2>&1 ||
    {
      kill -TERM "$pid" 2>/dev/null || true
      die "mariadbd did not answer within ${READY_TIMEOUT}s ($DIR/mariadbd.err)"
    }
  # The test user reaches the server over TCP with a password and may LOAD DATA LOCAL; it owns
  # the whole throw-away server, so plans naming their own database (customer.accounts) can make it.
  local sql_pw=${DB_PASSWORD//\\/\\\\}
  sql_pw=${sql_pw//\'/\\\'}
  mariadb --no-defaults -S "$sock" -u "$admin" <<EOF || die "creating database $DB_NAME and user $DB_USER failed"
CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$DB_USER'@'%' IDENTIFIED BY '$sql_pw';
GRANT ALL PRIVILEGES ON *.* TO '$DB_USER'@'%';
FLUSH PRIVILEGES;
EOF
  answers "$port" || die "the server is up but user $DB_USER cannot query database $DB_NAME over TCP"
  cat >"$ENV_FILE" <<EOF
MARIADB_HOST=$HOST
MARIADB_PORT=$port
MARIADB_USER=$DB_USER
MARIADB_PASSWORD=$DB_PASSWORD
MARIADB_DATABASE=$DB_NAME
MARIADB_SOCKET=$sock
MARIADB_DIR=$DIR
MARIADB_PID=$pid
EOF
  log "ready in $((($(date +%s%N) - t0) / 1000000)) ms (pid $pid)"
  if [ -n "${ROWFORGE_MARIADB_WATCH_PID:-}" ]; then
    setsid bash "${BASH_SOURCE[0]}" watch "$ROWFORGE_MARIADB_WATCH_PID" "$DIR" </dev/null >/dev/null 2>&1 9>&- &
  fi
  print_facts
}

case "${1:-start}" in
start)
  lock
  cmd_start "${2:-}"
  ;;
stop)
  # The folder start printed (MARIADB_DIR) may be given; it must be one this script made.
  if [ -n "${2:-}" ]; then
    DIR=${2%/}
    ENV_FILE="$DIR/server.env"
    if [ -d "$DIR" ] && [ ! -e "$ENV_FILE" ] && [ ! -e "$DIR/my.cnf" ]; then
      die "$DIR is not a folder of this script (no server.env or my.cnf): left alone"
    fi
  fi
  lock
  cmd_stop
  ;;
status) cmd_status ;;
watch)
  # watch PID DIR: stop that folder's server once PID is gone (or the folder is).
  while kill -0 "$2" 2>/dev/null && [ -d "$3" ]; do sleep 2; done
  DIR=${3%/}
  ENV_FILE="$DIR/server.env"
  if [ -d "$DIR" ]; then
    lock
    cmd_stop
  fi
  ;;
[0-9]*)
  lock
  cmd_start "$1"
  ;;
*) die "usage: $0 [start [PORT]|status|stop [DIR]]" ;;
esac
