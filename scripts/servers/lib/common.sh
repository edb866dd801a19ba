# shellcheck shell=bash
# The conventions every server script under scripts/servers/ shares (postgres.sh, mariadb.sh,
# cassandra.sh, kafka.sh, rabbitmq.sh, mosquitto.sh, nats.sh, apicurio-registry.sh): the command
# line, the folder and its lock, the facts, status, stop, the watcher, waiting for the server,
# installing what is missing. Sourced, never run.
#
# The script sets, before sourcing:
#   NAME         short name for messages and the default folder (kafka, rabbitmq, ...)
#   PREFIX       names the script's variables: ROWFORGE_<PREFIX>_DIR, ROWFORGE_<PREFIX>_WATCH_PID,
#                and by default the facts' prefix
#   MARKER       optional: a path every folder of this script has (a file or folder, relative to
#                it; stop DIR refuses a folder with neither it nor server.env). Unset: server.env only.
#   FACT_PREFIX  optional: the facts are FACT_PREFIX + KEY (default "<PREFIX>_": KAFKA_PORT;
#                postgres.sh's PG gives PGPORT)
#   DIR_FACT     optional: the fact naming the folder, for messages (default <FACT_PREFIX>DIR)
#   USAGE        optional: the usage line's commands (default: [start [PORT]|status|stop [DIR]])
#   FRESH_DIR    optional: a mktemp template; when ROWFORGE_<PREFIX>_DIR is unset, every start
#                makes a new folder from it (use_fresh_dir) instead of using a fixed one, and
#                status/stop need the folder named (no lock: a fresh folder is no one else's)
# and defines:
#   cmd_start [PORT]   start (or find running) and print the facts
#   ready PORT         the server answers on PORT (used by `running` and, by default, `wait_ready`)
#   extra_stop         optional: stops helpers of the server (called after the server is gone)
# and may redefine, after sourcing: server_pid (default: the PID fact), stop_server (default:
# stop_pid of that pid, or of starting.pid for a start that never wrote its facts).
# Folder: ROWFORGE_<PREFIX>_DIR, else $ROWFORGE_SERVERS_DIR/$NAME (${TMPDIR:-/tmp}/rowforge-servers/$NAME
# by default), else (FRESH_DIR) a new one per start. Facts: server.env in the folder, printed as is.
# ROWFORGE_<PREFIX>_WATCH_PID: stop the server once that process ends (a killed test run leaves nothing).

HOST=127.0.0.1
BASE="${ROWFORGE_SERVERS_DIR:-${TMPDIR:-/tmp}/rowforge-servers}"
FACT_PREFIX="${FACT_PREFIX:-${PREFIX}_}"
DIR_FACT="${DIR_FACT:-${FACT_PREFIX}DIR}"
MARKER="${MARKER:-}"
_dir_var="ROWFORGE_${PREFIX}_DIR"
# FIXED_DIR=1: the folder is known before the start (given or the default), so starts and stops
# of it take its lock; 0: each start makes its own (FRESH_DIR).
if [ -n "${!_dir_var:-}" ]; then
  DIR=${!_dir_var%/}
  FIXED_DIR=1
elif [ -n "${FRESH_DIR:-}" ]; then
  DIR=""
  FIXED_DIR=0
else
  DIR="$BASE/$NAME"
  FIXED_DIR=1
fi

# Points DIR (and the facts file) at a folder: every function below works on "the" folder.
set_dir() {
  DIR=${1%/}
  ENV_FILE=${DIR:+$DIR/server.env}
}
set_dir "$DIR"

log() { echo "$NAME: $*" >&2; }
die() {
  log "$*"
  exit 1
}

# FRESH_DIR scripts, at a start: a new folder unless ROWFORGE_<PREFIX>_DIR named one.
use_fresh_dir() {
  [ -n "$DIR" ] && return 0
  local made
  made=$(mktemp -d "$FRESH_DIR") || die "could not make a folder from $FRESH_DIR"
  set_dir "$made"
}

# Where a tool built or fetched once is kept for every clone and worktree of the machine (keyed
# by its version in the name of its folder): ROWFORGE_TOOLS_DIR when set, else
# ${XDG_CACHE_HOME:-$HOME/.cache}/rowforge, else (no home to write to) the project's .tools
# (the project's root given).
machine_tools_dir() {
  local dir=${ROWFORGE_TOOLS_DIR:-}
  if [ -z "$dir" ] && [ -n "${XDG_CACHE_HOME:-${HOME:-}}" ]; then
    dir="${XDG_CACHE_HOME:-$HOME/.cache}/rowforge"
    mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] || dir=""
  fi
  echo "${dir:-$1/.tools}"
}

# A loopback port nobody listens on, below Linux's ephemeral range so outgoing connections do
# not take it between the check and the bind; never one of the ports given as arguments.
# shellcheck disable=SC2120 # the ports to avoid are optional
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
fact() { sed -n "s/^${FACT_PREFIX}$1=//p" "$ENV_FILE" 2>/dev/null | head -n 1; }
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
# A fresh folder (FRESH_DIR) is this start's alone: no lock, no lock file left beside it.
lock() {
  [ "$FIXED_DIR" = 1 ] && [ -n "$DIR" ] || return 0
  command -v flock >/dev/null 2>&1 || return 0
  mkdir -p "$(dirname "$DIR")"
  exec 9>"$(dirname "$DIR")/.$(basename "$DIR").lock"
  flock -w 900 9 || die "another start or stop of $DIR holds its lock for 15 minutes"
}

# The pid of this folder's server (from its facts unless the script knows better).
server_pid() { fact PID; }

# The server of this folder is alive and answers on its port.
running() {
  [ -n "$ENV_FILE" ] && [ -f "$ENV_FILE" ] || return 1
  PID=$(server_pid)
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
  elif [ -z "$DIR" ]; then
    log "not running (each start makes its own folder: set ROWFORGE_${PREFIX}_DIR to the $DIR_FACT start printed)"
    exit 1
  else
    log "not running"
    exit 1
  fi
}

# TERM (or the signal given), up to 30 s, then KILL.
stop_pid() {
  local pid=$1 signal=${2:-TERM}
  pid_alive "$pid" || return 0
  log "stopping pid $pid"
  kill "-$signal" "$pid" 2>/dev/null || true
  for _ in $(seq 1 300); do
    pid_alive "$pid" || return 0
    sleep 0.1
  done
  log "pid $pid still up after 30 s: killing it"
  kill -KILL "$pid" 2>/dev/null || true
  sleep 0.2
}

stop_server() {
  if [ -f "$ENV_FILE" ]; then
    stop_pid "$(server_pid)"
  elif [ -f "$DIR/starting.pid" ]; then
    stop_pid "$(cat "$DIR/starting.pid" 2>/dev/null || true)"
  fi
}

cmd_stop() {
  [ -n "$DIR" ] || die "stop needs the folder start printed ($DIR_FACT): $0 stop DIR"
  stop_server
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

# wait_ready PID PORT TIMEOUT LOG [CHECK...]: waits until CHECK succeeds (default: ready PORT)
# or the process dies or TIMEOUT seconds pass; the end of LOG is shown when the process dies.
wait_ready() {
  local pid=$1 port=$2 timeout=$3 logfile=$4
  shift 4
  [ $# -gt 0 ] || set -- ready "$port"
  for _ in $(seq 1 $((timeout * 10))); do
    pid_alive "$pid" || {
      tail -n 40 "$logfile" >&2 2>/dev/null || true
      die "the server exited during start (log above; $logfile)"
    }
    "$@" && return 0
    sleep 0.1
  done
  kill -TERM "$pid" 2>/dev/null || true
  die "$HOST:$port did not answer within ${timeout}s ($logfile)"
}

# Installs Debian packages (as root, with apt-get; apt-get options may be among them; waiting up
# to 15 min for another apt-get or dpkg to finish, as a second test run installing too), never
# starting the system-wide services the packages bring (policy-rc.d refuses service starts).
# Nothing on stdout: it carries the facts.
apt_install() {
  local names
  names=$(printf '%s\n' "$@" | grep -v '^-' | tr '\n' ' ')
  names=${names% }
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    die "$names not installed; installing needs root and apt-get (Debian: apt-get install $names)"
  fi
  log "installing $names from Debian's packages"
  apt-get -o DPkg::Lock::Timeout=900 update -qq >&2 || die "apt-get update failed"
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made_policy=1
  fi
  local ok=1
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "$@" >/dev/null || ok=0
  if [ "$made_policy" = 1 ]; then rm -f "$policy"; fi
  [ "$ok" = 1 ] || die "apt-get install $names failed"
}

# apt_install_if_missing "BINARY..." PACKAGE...: installs the packages when one of the binaries
# (one word, or several in one argument) is not on PATH.
apt_install_if_missing() {
  local binaries=$1 b missing=""
  shift
  for b in $binaries; do command -v "$b" >/dev/null 2>&1 || missing="$missing $b"; done
  [ -n "$missing" ] || return 0
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    die "not installed:${missing} (Debian: apt-get install $*)"
  fi
  apt_install "$@"
  for b in $binaries; do
    command -v "$b" >/dev/null 2>&1 || die "$b not found after apt-get install $*"
  done
}

# A JDK and Maven for servers built or fetched from Maven Central: installed from Debian's
# packages when missing (as root), else an error saying what `purpose` needs them.
require_jdk_maven() {
  local purpose=$1
  command -v java >/dev/null 2>&1 && command -v mvn >/dev/null 2>&1 && return 0
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    die "java (a JDK 17+) and mvn are required to $purpose"
  fi
  apt_install default-jdk-headless maven
  if ! command -v java >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then
    die "java or mvn not found after apt-get install default-jdk-headless maven"
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

# A folder stop may remove: one this script made (its facts or its MARKER), or none at all.
ours() {
  [ ! -d "$DIR" ] || [ -e "$ENV_FILE" ] || { [ -n "$MARKER" ] && [ -e "$DIR/$MARKER" ]; }
}

# The command line: start [PORT] | PORT | status | stop [DIR] | watch PID DIR.
main() {
  case "${1:-start}" in
  start)
    lock
    cmd_start "${2:-}"
    ;;
  stop)
    # The folder start printed (<DIR_FACT>) may be given; it must be one this script made.
    if [ -n "${2:-}" ]; then
      set_dir "$2"
      ours || die "$DIR is not a folder of this script (no server.env${MARKER:+ or $MARKER}): left alone"
    fi
    lock
    cmd_stop
    ;;
  status) cmd_status ;;
  watch)
    # watch PID DIR: stop that folder's server once PID is gone (or the folder is).
    while kill -0 "$2" 2>/dev/null && [ -d "$3" ]; do sleep 2; done
    set_dir "$3"
    if [ -d "$DIR" ]; then
      lock
      cmd_stop
    fi
    ;;
  [0-9]*)
    lock
    cmd_start "$1"
    ;;
  *) die "usage: $0 ${USAGE:-[start [PORT]|status|stop [DIR]]}" ;;
  esac
}
