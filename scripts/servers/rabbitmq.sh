#!/usr/bin/env bash
# A throw-away RabbitMQ node for local runs and tests: Debian's rabbitmq-server (installed when
# missing), a private node (its own node name, Erlang cookie, epmd and distribution port, all on
# 127.0.0.1) with AMQP 0-9-1 on 127.0.0.1 on a free port (or the one given), no plugins, data and
# logs in a throw-away folder, a user `rowforge` with a random password (administrator, every
# permission on vhost / and on a second vhost `rowforge-test`), made at boot from a definitions
# file. Idempotent: when the node is already up it only prints the facts again.
#
#   scripts/servers/rabbitmq.sh [start] [PORT]   start (or find running) and print KEY=value facts
#   scripts/servers/rabbitmq.sh status           print the facts when running, exit 1 when not
#   scripts/servers/rabbitmq.sh stop [DIR]       stop exactly this node (and its epmd) and remove
#                                                its folder (DIR: the RABBITMQ_DIR that start printed)
#
# Facts (stdout, one KEY=value a line; also kept in $RABBITMQ_DIR/server.env): RABBITMQ_HOST,
#   RABBITMQ_PORT, RABBITMQ_USER, RABBITMQ_PASSWORD, RABBITMQ_VHOST (/), RABBITMQ_TEST_VHOST
#   (rowforge-test), RABBITMQ_URL (amqp://user:password@host:port/ on vhost /), RABBITMQ_NODENAME,
#   RABBITMQ_EPMD_PORT, RABBITMQ_DIST_PORT, RABBITMQ_DIR, RABBITMQ_PID. rabbitmqctl reaches the
#   node with HOME=$RABBITMQ_DIR ERL_EPMD_PORT=$RABBITMQ_EPMD_PORT rabbitmqctl -n $RABBITMQ_NODENAME ...
#   Progress goes to stderr.
# Environment: ROWFORGE_RABBITMQ_DIR (the folder; default $ROWFORGE_SERVERS_DIR/rabbitmq, that
#   one by default ${TMPDIR:-/tmp}/rowforge-servers), RABBITMQ_PORT (same as PORT),
#   RABBITMQ_PASSWORD (default random), RABBITMQ_READY_TIMEOUT (seconds, default 60),
#   ROWFORGE_RABBITMQ_WATCH_PID (also stop the node it starts once that process ends: test runs
#   killed before their teardown leave nothing).
set -euo pipefail

NAME=rabbitmq
PREFIX=RABBITMQ
MARKER=rabbitmq.conf
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
READY_TIMEOUT="${RABBITMQ_READY_TIMEOUT:-60}"
RMQ_USER=rowforge
TEST_VHOST=rowforge-test
SERVER=/usr/lib/rabbitmq/bin/rabbitmq-server # Debian's /usr/sbin wrapper would switch to its own user and folders

# Up: AMQP accepts connections and the node logged the end of its boot (the users and vhosts
# of the definitions file are made before that).
ready() { port_open "$1" && grep -q "Server startup complete" "$DIR/log/rabbit.log" 2>/dev/null; }

# RabbitMQ's own password hash (rabbit_password_hashing_sha256): base64(salt ++ sha256(salt ++ password)),
# a 4-byte salt.
# shellcheck disable=SC2059 # the format is the \xNN escapes, on purpose
hex_to_bytes() { printf "$(printf '%s' "$1" | sed 's/../\\x&/g')"; }
password_hash() {
  local salt digest
  salt=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
  digest=$({
    hex_to_bytes "$salt"
    printf '%s' "$1"
  } | sha256sum | cut -c1-64)
  hex_to_bytes "$salt$digest" | base64 -w0
}

write_config() {
  local port=$1 password=$2
  cat >"$DIR/rabbitmq.conf" <<EOF
listeners.tcp.1 = $HOST:$port
# guest (password guest) stays loopback-only; tests use the user below.
loopback_users.guest = true
log.file = $DIR/log/rabbit.log
log.file.level = info
log.console = false
definitions.import_backend = local_filesystem
definitions.local.path = $DIR/definitions.json
EOF
  local hash all='{"configure": ".*", "write": ".*", "read": ".*"'
  hash=$(password_hash "$password")
  cat >"$DIR/definitions.json" <<EOF
{
  "users": [{"name": "$RMQ_USER", "password_hash": "$hash",
             "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": ["administrator"]}],
  "vhosts": [{"name": "/"}, {"name": "$TEST_VHOST"}],
  "permissions": [$all, "user": "$RMQ_USER", "vhost": "/"}, $all, "user": "$RMQ_USER", "vhost": "$TEST_VHOST"}]
}
EOF
  chmod 600 "$DIR/definitions.json"
  echo "[]." >"$DIR/enabled_plugins"
  : >"$DIR/rabbitmq-env.conf"
  random_password >"$DIR/.erlang.cookie"
  chmod 400 "$DIR/.erlang.cookie"
}

# epmd of this node only, on loopback and a port of its own, so nothing meets a system node.
EPMD_PID_FILE=epmd.pid
extra_stop() {
  local p
  p=$(cat "$DIR/$EPMD_PID_FILE" 2>/dev/null || true)
  stop_pid "$p"
}

cmd_start() {
  local want_port="${1:-${RABBITMQ_PORT:-}}"
  found_running "$want_port" && return 0
  apt_install_if_missing rabbitmq-server rabbitmq-server
  [ -x "$SERVER" ] || die "$SERVER missing (Debian's rabbitmq-server package lays it there)"
  command -v epmd >/dev/null 2>&1 || die "epmd missing (Debian's erlang-base package)"
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local epmd_port dist_port password="${RABBITMQ_PASSWORD:-$(random_password)}"
  epmd_port=$(free_port "$port")
  dist_port=$(free_port "$port" "$epmd_port")
  local node
  node="rowforge-$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')@localhost"
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR/mnesia" "$DIR/log"
  write_config "$port" "$password"
  setsid epmd -address "$HOST" -port "$epmd_port" </dev/null >"$DIR/log/epmd.log" 2>&1 9>&- &
  local epmd_pid=$!
  echo "$epmd_pid" >"$DIR/$EPMD_PID_FILE"
  kill_on_failed_start "$epmd_pid"
  for _ in $(seq 1 50); do
    port_open "$epmd_port" && break
    sleep 0.1
  done
  port_open "$epmd_port" || die "epmd did not listen on $HOST:$epmd_port ($DIR/log/epmd.log)"
  log "starting RabbitMQ node $node on $HOST:$port (epmd $epmd_port, distribution $dist_port)"
  # RABBITMQ_ALLOW_INPUT: the script execs the VM (its pid is the node's) and -noinput keeps
  # it off stdin; the distribution listens on loopback only.
  env HOME="$DIR" RABBITMQ_CONF_ENV_FILE="$DIR/rabbitmq-env.conf" RABBITMQ_NODENAME="$node" \
    RABBITMQ_NODE_IP_ADDRESS="$HOST" RABBITMQ_NODE_PORT="$port" RABBITMQ_DIST_PORT="$dist_port" \
    ERL_EPMD_PORT="$epmd_port" ERL_EPMD_ADDRESS="$HOST" RABBITMQ_CONFIG_FILE="$DIR/rabbitmq.conf" \
    RABBITMQ_ADVANCED_CONFIG_FILE="$DIR/advanced.config" RABBITMQ_ENABLED_PLUGINS_FILE="$DIR/enabled_plugins" \
    RABBITMQ_MNESIA_BASE="$DIR/mnesia" RABBITMQ_LOG_BASE="$DIR/log" RABBITMQ_PID_FILE="$DIR/rabbit.pid" \
    RABBITMQ_ALLOW_INPUT=true \
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-noinput -kernel inet_dist_use_interface {127,0,0,1}" \
    setsid "$SERVER" </dev/null >"$DIR/log/stdout.log" 2>&1 9>&- &
  local pid=$!
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$epmd_pid" "$pid"
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/log/rabbit.log"
  cat >"$ENV_FILE" <<EOF
RABBITMQ_HOST=$HOST
RABBITMQ_PORT=$port
RABBITMQ_USER=$RMQ_USER
RABBITMQ_PASSWORD=$password
RABBITMQ_VHOST=/
RABBITMQ_TEST_VHOST=$TEST_VHOST
RABBITMQ_URL=amqp://$RMQ_USER:$password@$HOST:$port/
RABBITMQ_NODENAME=$node
RABBITMQ_EPMD_PORT=$epmd_port
RABBITMQ_DIST_PORT=$dist_port
RABBITMQ_DIR=$DIR
RABBITMQ_PID=$pid
EOF
  chmod 600 "$ENV_FILE"
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

main "$@"
