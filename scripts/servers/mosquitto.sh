#!/usr/bin/env bash
# A throw-away MQTT broker for local runs and tests: Debian's mosquitto 2 (installed when
# missing), a config file of its own with one listener on 127.0.0.1 on a free port (or the one
# given), no persistence, and password authentication only (user `rowforge` with a random
# password; anonymous clients refused). Idempotent: when the broker is up it only prints the facts again.
#
#   scripts/servers/mosquitto.sh [start] [PORT]   start (or find running) and print KEY=value facts
#   scripts/servers/mosquitto.sh status           print the facts when running, exit 1 when not
#   scripts/servers/mosquitto.sh stop [DIR]       stop exactly this broker and remove its folder
#                                                 (DIR: the MQTT_DIR that start printed)
#
# Facts (stdout, one KEY=value a line; also kept in $MQTT_DIR/server.env): MQTT_HOST, MQTT_PORT,
#   MQTT_URL (mqtt://127.0.0.1:port), MQTT_USER, MQTT_PASSWORD, MQTT_DIR, MQTT_PID. Progress goes to stderr.
# Environment: ROWFORGE_MQTT_DIR (the folder; default $ROWFORGE_SERVERS_DIR/mosquitto, that one
#   by default ${TMPDIR:-/tmp}/rowforge-servers), MQTT_PORT (same as PORT), MQTT_PASSWORD
#   (default random), MQTT_READY_TIMEOUT (seconds, default 30), ROWFORGE_MQTT_WATCH_PID (also
#   stop the broker it starts once that process ends: test runs killed before their teardown leave nothing).
set -euo pipefail

NAME=mosquitto
PREFIX=MQTT
MARKER=mosquitto.conf
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
READY_TIMEOUT="${MQTT_READY_TIMEOUT:-30}"
MQTT_USER=rowforge

ready() { port_open "$1"; }

cmd_start() {
  local want_port="${1:-${MQTT_PORT:-}}"
  found_running "$want_port" && return 0
  # Debian's package puts the broker under /usr/sbin, which a non-root PATH may lack.
  PATH="$PATH:/usr/sbin"
  apt_install_if_missing mosquitto mosquitto
  command -v mosquitto_passwd >/dev/null 2>&1 || die "mosquitto_passwd missing (Debian's mosquitto package)"
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local password="${MQTT_PASSWORD:-$(random_password)}"
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR"
  mosquitto_passwd -c -b "$DIR/passwd" "$MQTT_USER" "$password" >/dev/null 2>&1 ||
    die "mosquitto_passwd could not write $DIR/passwd"
  cat >"$DIR/mosquitto.conf" <<EOF
per_listener_settings false
listener $port $HOST
allow_anonymous false
password_file $DIR/passwd
persistence false
log_dest file $DIR/mosquitto.log
log_type error
log_type warning
log_type notice
log_type information
connection_messages true
EOF
  # As root, mosquitto drops to its own user before it reads the password file and writes its log.
  chmod 700 "$DIR"
  chmod 600 "$DIR/passwd"
  if [ "$(id -u)" = "0" ] && id mosquitto >/dev/null 2>&1; then
    chown -R mosquitto: "$DIR"
    chmod 755 "$(dirname "$DIR")" # a test run's own folder is made 0700
  fi
  log "starting mosquitto on $HOST:$port"
  setsid mosquitto -c "$DIR/mosquitto.conf" </dev/null >"$DIR/stdout.log" 2>&1 9>&- &
  local pid=$!
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$pid"
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/mosquitto.log"
  cat >"$ENV_FILE" <<EOF
MQTT_HOST=$HOST
MQTT_PORT=$port
MQTT_URL=mqtt://$HOST:$port
MQTT_USER=$MQTT_USER
MQTT_PASSWORD=$password
MQTT_DIR=$DIR
MQTT_PID=$pid
EOF
  chmod 600 "$ENV_FILE"
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

main "$@"
