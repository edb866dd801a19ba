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
# The conventions (commands, folder, lock, status, stop, watcher) are scripts/servers/lib/common.sh's.
set -euo pipefail

NAME=mariadb
PREFIX=MARIADB
MARKER=my.cnf
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
READY_TIMEOUT="${MARIADB_READY_TIMEOUT:-60}"

# The server answers a query as USER with PASSWORD on DATABASE over TCP: the check a connector would make.
answers() {
  local port=$1 user=$2 password=$3 database=$4
  command -v mariadb >/dev/null 2>&1 || return 1
  MYSQL_PWD="$password" mariadb --no-defaults --protocol=TCP -h "$HOST" -P "$port" -u "$user" \
    --connect-timeout=2 -N -e "SELECT 1" "$database" >/dev/null 2>&1
}

# Up: the test user the server was made with (its facts) can query its database.
ready() { answers "$1" "$(fact USER)" "$(fact PASSWORD)" "$(fact DATABASE)"; }

# During a start (no test user yet): the server answers SOCKET's administrator ADMIN.
admin_ping() {
  mariadb-admin --no-defaults -S "$1" -u "$2" --connect-timeout=1 ping >/dev/null 2>&1
}

cmd_start() {
  local want_port="${1:-${MARIADB_PORT:-}}"
  found_running "$want_port" && return 0
  local db_user="${MARIADB_USER:-rowforge}" db_password="${MARIADB_PASSWORD:-rowforge}"
  local db_name="${MARIADB_DATABASE:-rowforge}"
  apt_install_if_missing "mariadbd mariadb-install-db mariadb mariadb-admin" mariadb-server mariadb-client
  # Leftovers of a server that died or a half-made folder: start afresh.
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local t0
  t0=$(date +%s%N)
  # tmpdir: the server's temporary tables (a large EXCEPT ALL's) in its own folder, not in a
  # shared /tmp that other programs may clean while the server uses it.
  mkdir -p "$DIR/data" "$DIR/run" "$DIR/tmp"
  # mariadbd refuses to run as root: as root it runs as the package's mysql user (or nobody).
  # The server's root account is reached through the socket by the OS user running this script
  # (unix_socket authentication): root as root, else an account named after that user.
  local run_as=() admin
  admin=$(id -un)
  if [ "$(id -u)" = "0" ]; then
    local u=mysql
    id "$u" >/dev/null 2>&1 || u=nobody
    chown -R "$u:" "$DIR"
    chmod 755 "$(dirname "$DIR")" # the server's user must reach its folder (a test run's is made 0700)
    run_as=(--user="$u")
  fi
  cat >"$DIR/my.cnf" <<EOF
[mariadbd]
datadir=$DIR/data
socket=$DIR/run/mariadbd.sock
pid-file=$DIR/mariadbd.pid
log-error=$DIR/mariadbd.err
tmpdir=$DIR/tmp
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
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$pid"
  local sock="$DIR/run/mariadbd.sock"
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/mariadbd.err" admin_ping "$sock" "$admin"
  # The test user reaches the server over TCP with a password and may LOAD DATA LOCAL; it owns
  # the whole throw-away server, so plans naming their own database (customer.accounts) can make it.
  local sql_pw=${db_password//\\/\\\\}
  sql_pw=${sql_pw//\'/\\\'}
  mariadb --no-defaults -S "$sock" -u "$admin" <<EOF || die "creating database $db_name and user $db_user failed"
CREATE DATABASE IF NOT EXISTS \`$db_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$db_user'@'%' IDENTIFIED BY '$sql_pw';
GRANT ALL PRIVILEGES ON *.* TO '$db_user'@'%';
FLUSH PRIVILEGES;
EOF
  answers "$port" "$db_user" "$db_password" "$db_name" ||
    die "the server is up but user $db_user cannot query database $db_name over TCP"
  cat >"$ENV_FILE" <<EOF
MARIADB_HOST=$HOST
MARIADB_PORT=$port
MARIADB_USER=$db_user
MARIADB_PASSWORD=$db_password
MARIADB_DATABASE=$db_name
MARIADB_SOCKET=$sock
MARIADB_DIR=$DIR
MARIADB_PID=$pid
EOF
  chmod 600 "$ENV_FILE"
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

main "$@"
