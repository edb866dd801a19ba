#!/usr/bin/env bash
# A throw-away NATS server for local runs and tests: Debian's nats-server 2.9 (installed when
# missing), listening on 127.0.0.1 on a free port (or the one given), JetStream on with its store
# in a throw-away folder, a user `rowforge` with a random password (no anonymous clients), no
# monitoring port. Idempotent: when the server is up it only prints the facts again.
#
#   scripts/servers/nats.sh [start] [PORT]   start (or find running) and print KEY=value facts
#   scripts/servers/nats.sh status           print the facts when running, exit 1 when not
#   scripts/servers/nats.sh stop [DIR]       stop exactly this server and remove its folder
#                                            (DIR: the NATS_DIR that start printed)
#
# Facts (stdout, one KEY=value a line; also kept in $NATS_DIR/server.env): NATS_HOST, NATS_PORT,
#   NATS_URL (nats://127.0.0.1:port), NATS_USER, NATS_PASSWORD, NATS_DIR, NATS_PID. Progress goes to stderr.
# Environment: ROWFORGE_NATS_DIR (the folder; default $ROWFORGE_SERVERS_DIR/nats, that one by
#   default ${TMPDIR:-/tmp}/rowforge-servers), NATS_PORT (same as PORT), NATS_PASSWORD (default
#   random), NATS_READY_TIMEOUT (seconds, default 30), ROWFORGE_NATS_WATCH_PID (also stop the
#   server it starts once that process ends: test runs killed before their teardown leave nothing).
set -euo pipefail

NAME=nats
PREFIX=NATS
MARKER=nats.conf
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
READY_TIMEOUT="${NATS_READY_TIMEOUT:-30}"
NATS_USER=rowforge

# Up: the client port accepts connections and the server logged that it is ready (JetStream included).
ready() { port_open "$1" && grep -q "Server is ready" "$DIR/nats.log" 2>/dev/null; }

cmd_start() {
  local want_port="${1:-${NATS_PORT:-}}"
  found_running "$want_port" && return 0
  apt_install_if_missing nats-server nats-server
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local password="${NATS_PASSWORD:-$(random_password)}"
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR/jetstream"
  chmod 700 "$DIR"
  cat >"$DIR/nats.conf" <<EOF
server_name: rowforge-test
listen: "$HOST:$port"
jetstream {
  store_dir: "$DIR/jetstream"
  max_memory_store: 64MB
  max_file_store: 1GB
}
authorization {
  user: "$NATS_USER"
  password: "$password"
}
log_file: "$DIR/nats.log"
EOF
  chmod 600 "$DIR/nats.conf"
  log "starting nats-server on $HOST:$port (JetStream in $DIR/jetstream)"
  setsid nats-server -c "$DIR/nats.conf" </dev/null >"$DIR/stdout.log" 2>&1 9>&- &
  local pid=$!
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$pid"
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/nats.log"
  cat >"$ENV_FILE" <<EOF
NATS_HOST=$HOST
NATS_PORT=$port
NATS_URL=nats://$HOST:$port
NATS_USER=$NATS_USER
NATS_PASSWORD=$password
NATS_DIR=$DIR
NATS_PID=$pid
EOF
  chmod 600 "$ENV_FILE"
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

main "$@"
