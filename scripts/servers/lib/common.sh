# Shared by the broker scripts (kafka.sh, rabbitmq.sh, mosquitto.sh, nats.sh): the conventions
# of postgres.sh, mariadb.sh and cassandra.sh in one place. Sourced, never run.
#
# The script sets, before sourcing:
#   NAME     short name for messages and the default folder (kafka, rabbitmq, ...)
#   PREFIX   the facts' prefix (KAFKA, RABBITMQ, MQTT, NATS): facts are PREFIX_KEY=value
#   MARKER   a file every folder of this script has (stop DIR refuses a folder without it)
# and defines:
#   cmd_start [PORT]   start (or find running) and print the facts
#   ready PORT         the server answers on PORT (used by `running`)
#   extra_stop         optional: stops helpers of the server (called after the server is gone)
# Folder: ROWFORGE_<PREFIX>_DIR, else $ROWFORGE_SERVERS_DIR/$NAME, else ${TMPDIR:-/tmp}/rowforge-servers/$NAME.
# ROWFORGE_<PREFIX>_WATCH_PID: stop the server once that process ends (a killed test run leaves nothing).

HOST=127.0.0.1
BASE="${ROWFORGE_SERVERS_DIR:-${TMPDIR:-/tmp}/rowforge-servers}"
_dir_var="ROWFORGE_${PREFIX}_DIR"
DIR="${!_dir_var:-$BASE/$NAME}"
ENV_FILE="$DIR/server.env"

log() { echo "$NAME: $*" >&2; }
die() {
  log "$*"
  exit 1
}

# A loopback port nobody listens on, below Linux's ephemeral range so outgoing connections do
# not take it between the check and the bind; never one of the ports given as arguments.
free_port() {
  local p taken
  for _ in $(seq 1 200); do
    p=$((15000 + RANDOM % 17000))
    taken=""
    for q in "$@"; do [ "$p" = "$q" ] && taken=1; done
    if [ -z "$taken" ] && ! port_open "$p"; then
      echo "$p"
      return 0
    fi
  done
  die "no free loopback port found"
}

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }
fact() { sed -n "s/^${PREFIX}_$1=//p" "$ENV_FILE" 2>/dev/null | head -n 1; }
print_facts() { cat "$ENV_FILE"; }
ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }

# A password no one guesses: 24 letters and digits (no quoting needed in any config file).
# (1 KiB of random bytes keeps about 240 of them; no endless pipe that pipefail would fail on.)
random_password() {
  local p
  p=$(head -c 1024 /dev/urandom | LC_ALL=C tr -dc 'A-Za-z0-9')
  printf '%s' "${p:0:24}"
}

# One start or stop at a time for this folder (parallel test runs, two terminals): the others
# wait, then find the server up (or gone). The server itself never holds the lock (9>&-).
lock() {
  command -v flock >/dev/null 2>&1 || return 0
  mkdir -p "$(dirname "$DIR")"
  exec 9>"$(dirname "$DIR")/.$(basename "$DIR").lock"
  flock -w 900 9 || die "another start or stop of $DIR holds its lock for 15 minutes"
}

# The server of this folder is alive and answers on its port.
running() {
  [ -f "$ENV_FILE" ] || return 1
  PID=$(fact PID)
  PORT=$(fact PORT)
  pid_alive "${PID:-}" && ready "$PORT"
}

# At a start: true (facts printed again) when this folder's server is up on the port asked for
# (or none was asked for); refuses another port; false when nothing runs.
found_running() {
  local want=$1
  running || return 1
  if [ -z "$want" ] || [ "$want" = "$PORT" ]; then
    print_facts
    return 0
  fi
  die "already running on port $PORT, not $want: run '$0 stop' first"
}

cmd_status() {
  if running; then
    print_facts
  else
    log "not running"
    exit 1
  fi
}

# TERM, up to 30 s, then KILL.
stop_pid() {
  local pid=$1
  pid_alive "$pid" || return 0
  log "stopping pid $pid"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 300); do
    pid_alive "$pid" || return 0
    sleep 0.1
  done
  log "pid $pid still up after 30 s: killing it"
  kill -KILL "$pid" 2>/dev/null || true
  sleep 0.2
}

cmd_stop() {
  if [ -f "$ENV_FILE" ]; then
    stop_pid "$(fact PID)"
  elif [ -f "$DIR/starting.pid" ]; then
    stop_pid "$(cat "$DIR/starting.pid" 2>/dev/null || true)"
  fi
  if declare -F extra_stop >/dev/null; then extra_stop; fi
  rm -rf "$DIR"
  log "stopped; removed $DIR"
}

# Whatever goes wrong from here on, the processes of a half-made start (the pids given) do not
# outlive the script: killed at its exit unless the facts were written. Their logs stay.
kill_on_failed_start() {
  # shellcheck disable=SC2064 # the pids are fixed now, on purpose
  trap "if [ ! -f '$ENV_FILE' ]; then kill -KILL $* 2>/dev/null || true; fi" EXIT
}

# Waits until `ready PORT` or the process dies or TIMEOUT seconds pass; LOG is shown on failure.
wait_ready() {
  local pid=$1 port=$2 timeout=$3 logfile=$4
  for _ in $(seq 1 $((timeout * 10))); do
    pid_alive "$pid" || {
      tail -n 40 "$logfile" >&2 2>/dev/null || true
      die "the server exited during start (log above; $logfile)"
    }
    ready "$port" && return 0
    sleep 0.1
  done
  kill -TERM "$pid" 2>/dev/null || true
  die "$HOST:$port did not answer within ${timeout}s ($logfile)"
}

# Installs Debian packages when a binary is missing (as root, with apt-get), never starting
# the system-wide services the packages bring (policy-rc.d refuses service starts).
apt_install_if_missing() {
  local binary=$1
  shift
  command -v "$binary" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    die "$binary is required (Debian: apt-get install $*)"
  fi
  log "installing $* from Debian's packages"
  apt-get update -qq
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made_policy=1
  fi
  local ok=1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || ok=0
  if [ "$made_policy" = 1 ]; then rm -f "$policy"; fi
  [ "$ok" = 1 ] || die "apt-get install $* failed"
  command -v "$binary" >/dev/null 2>&1 || die "$binary not found after apt-get install $*"
}

# A JDK and Maven for servers built or fetched from Maven Central: installed from Debian's
# packages when missing (as root), else an error saying what `purpose` needs them.
require_jdk_maven() {
  local purpose=$1
  command -v java >/dev/null 2>&1 && command -v mvn >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    log "installing a JDK and Maven from Debian's packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jdk-headless maven >/dev/null
  else
    die "java (a JDK 17+) and mvn are required to $purpose"
  fi
}

# After a start: when ROWFORGE_<PREFIX>_WATCH_PID is set, a watcher stops this folder's server
# once that process is gone.
start_watch() {
  local var="ROWFORGE_${PREFIX}_WATCH_PID"
  if [ -n "${!var:-}" ]; then
    setsid bash "$0" watch "${!var}" "$DIR" </dev/null >/dev/null 2>&1 9>&- &
  fi
}

# Before a start: when the folder holds a server that is not (or no longer) answering, clear it.
clear_stale() {
  if [ -d "$DIR" ]; then
    log "removing stale $DIR"
    cmd_stop 2>/dev/null || rm -rf "$DIR"
  fi
}

# The command line: start [PORT] | PORT | status | stop [DIR] | watch PID DIR.
main() {
  case "${1:-start}" in
  start)
    lock
    cmd_start "${2:-}"
    ;;
  stop)
    # The folder start printed (<PREFIX>_DIR) may be given; it must be one this script made.
    if [ -n "${2:-}" ]; then
      DIR=${2%/}
      ENV_FILE="$DIR/server.env"
      if [ -d "$DIR" ] && [ ! -e "$ENV_FILE" ] && [ ! -e "$DIR/$MARKER" ]; then
        die "$DIR is not a folder of this script (no server.env or $MARKER): left alone"
      fi
    fi
    lock
    cmd_stop
    ;;
  status) cmd_status ;;
  watch)
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
}
