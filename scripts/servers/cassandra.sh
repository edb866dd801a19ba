#!/usr/bin/env bash
# A throw-away one-node Cassandra 5 for local runs and tests: org.apache.cassandra:cassandra-all
# and its dependencies from Maven Central (fetched once into .tools/cassandra-5.0.6, reused), a
# minimal cassandra.yaml, CassandraDaemon on 127.0.0.1 with free storage and native ports (or
# the native port given), a small heap and the JDK 17 module flags, data in a throw-away folder.
# Idempotent: when the node is already up it only prints the facts again.
#
#   scripts/servers/cassandra.sh [start] [PORT]   start (or find running) and print KEY=value facts
#   scripts/servers/cassandra.sh status           print the facts when running, exit 1 when not
#   scripts/servers/cassandra.sh stop [DIR]       stop exactly this node and remove its folder
#                                                 (DIR: the CASSANDRA_DIR that start printed)
#
# Facts (stdout, one KEY=value a line; also kept in $CASSANDRA_DIR/server.env): CASSANDRA_HOST,
#   CASSANDRA_PORT (native/CQL), CASSANDRA_DATACENTER, CASSANDRA_STORAGE_PORT, CASSANDRA_DIR,
#   CASSANDRA_PID. Progress goes to stderr.
# Environment: ROWFORGE_CASSANDRA_DIR (the folder; default $ROWFORGE_SERVERS_DIR/cassandra, that
#   one by default ${TMPDIR:-/tmp}/rowforge-servers), ROWFORGE_TOOLS_DIR (where the jars are
#   kept, default <project>/.tools), CASSANDRA_PORT (same as PORT), CASSANDRA_HEAP (default
#   512M), CASSANDRA_READY_TIMEOUT (seconds, default 120), CASSANDRA_AUTH (`password`: the node
#   requires a login, PasswordAuthenticator with the default superuser cassandra/cassandra, ready
#   once that role exists, and CASSANDRA_USER/CASSANDRA_PASSWORD are printed too; default none),
#   CASSANDRA_JVM_OPTS (more JVM flags, split on spaces; test runs pass -XX:TieredStopAtLevel=1
#   for a faster start), ROWFORGE_CASSANDRA_WATCH_PID (also stop the node it starts once that process ends: test runs
#   killed before their teardown leave nothing).
set -euo pipefail

NAME=cassandra
PREFIX=CASSANDRA
MARKER=conf
VERSION=5.0.6
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TOOLS="${ROWFORGE_TOOLS_DIR:-$ROOT/.tools}/cassandra-$VERSION"
DATACENTER=datacenter1 # what SimpleSnitch reports
HEAP="${CASSANDRA_HEAP:-512M}"
READY_TIMEOUT="${CASSANDRA_READY_TIMEOUT:-120}"
AUTH="${CASSANDRA_AUTH:-none}"
case "$AUTH" in none | password) ;; *) die "CASSANDRA_AUTH must be none or password, not $AUTH" ;; esac

# Up: the native (CQL) port accepts connections and, on a node that requires a login, the node
# has made its default superuser role (logins fail until then). Read from the node's own files,
# so status agrees with the start whatever CASSANDRA_AUTH says now.
ready() {
  port_open "$1" || return 1
  grep -q '^authenticator: PasswordAuthenticator' "$DIR/conf/cassandra.yaml" 2>/dev/null || return 0
  grep -q "Created default superuser role" "$DIR/logs/system.log" 2>/dev/null
}

# cassandra-all and every runtime dependency, copied by Maven into $TOOLS/lib once.
fetch_jars() {
  if [ -f "$TOOLS/.complete" ] && [ -d "$TOOLS/lib" ]; then
    return 0
  fi
  require_jdk_maven "fetch and run Cassandra"
  log "fetching org.apache.cassandra:cassandra-all:$VERSION and its dependencies into $TOOLS"
  mkdir -p "$TOOLS"
  rm -rf "${TOOLS:?}/lib"
  cat >"$TOOLS/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>rowforge.local</groupId>
  <artifactId>cassandra-server</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.cassandra</groupId>
      <artifactId>cassandra-all</artifactId>
      <version>$VERSION</version>
    </dependency>
  </dependencies>
</project>
EOF
  (cd "$TOOLS" && mvn -q -B dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=lib) \
    >"$TOOLS/mvn.log" 2>&1 || {
    cat "$TOOLS/mvn.log" >&2
    die "mvn could not fetch cassandra-all:$VERSION (its output above)"
  }
  [ -f "$TOOLS/lib/cassandra-all-$VERSION.jar" ] || die "cassandra-all-$VERSION.jar missing in $TOOLS/lib"
  touch "$TOOLS/.complete"
  log "fetched $(find "$TOOLS/lib" -name '*.jar' | wc -l) jars ($(du -sh "$TOOLS/lib" | cut -f1))"
}

write_yaml() {
  local port=$1 storage=$2
  cat >"$DIR/conf/cassandra.yaml" <<EOF
cluster_name: rowforge-test
num_tokens: 1
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
commitlog_sync: periodic
commitlog_sync_period: 10000ms
commitlog_directory: $DIR/data/commitlog
data_file_directories:
  - $DIR/data/data
saved_caches_directory: $DIR/data/saved_caches
hints_directory: $DIR/data/hints
cdc_raw_directory: $DIR/data/cdc_raw
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "$HOST:$storage"
listen_address: $HOST
rpc_address: $HOST
storage_port: $storage
native_transport_port: $port
start_native_transport: true
endpoint_snitch: SimpleSnitch
authenticator: $([ "$AUTH" = password ] && echo PasswordAuthenticator || echo AllowAllAuthenticator)
authorizer: AllowAllAuthorizer
# One node for tests: no waiting for gossip to settle, small caches and memtables.
auto_bootstrap: false
concurrent_compactors: 1
memtable_heap_space: 64MiB
memtable_offheap_space: 64MiB
key_cache_size: 8MiB
counter_cache_size: 4MiB
# Generous limits for test loads (batches of wide rows, slow shared machine).
batch_size_warn_threshold: 64KiB
batch_size_fail_threshold: 1MiB
write_request_timeout: 10000ms
read_request_timeout: 10000ms
range_request_timeout: 20000ms
request_timeout: 20000ms
EOF
  cat >"$DIR/conf/logback.xml" <<EOF
<configuration>
  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
    <file>$DIR/logs/system.log</file>
    <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="FILE" /></root>
</configuration>
EOF
}

cmd_start() {
  local want_port="${1:-${CASSANDRA_PORT:-}}"
  found_running "$want_port" && return 0
  fetch_jars
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local storage
  storage=$(free_port "$port")
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR/conf" "$DIR/data" "$DIR/logs"
  write_yaml "$port" "$storage"
  log "starting CassandraDaemon $VERSION on $HOST:$port (storage $storage, heap $HEAP)"
  # The flags of Cassandra's own jvm17-server.options that a node needs on JDK 17, a small heap,
  # no JMX port of its own (local JMX only), and no attempts at native libraries that are absent.
  local jvm=(
    -Xms"$HEAP" -Xmx"$HEAP" -Xss256k -XX:+UseG1GC -XX:ActiveProcessorCount=2 -XX:+ExitOnOutOfMemoryError
    -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath="$DIR/logs"
    -Djdk.attach.allowAttachSelf=true
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
    --add-exports java.base/jdk.internal.ref=ALL-UNNAMED
    --add-exports java.base/sun.nio.ch=ALL-UNNAMED
    --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
    --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED
    --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
    --add-exports java.sql/java.sql=ALL-UNNAMED
    --add-opens java.base/java.lang.module=ALL-UNNAMED
    --add-opens java.base/jdk.internal.loader=ALL-UNNAMED
    --add-opens java.base/jdk.internal.ref=ALL-UNNAMED
    --add-opens java.base/jdk.internal.reflect=ALL-UNNAMED
    --add-opens java.base/jdk.internal.math=ALL-UNNAMED
    --add-opens java.base/jdk.internal.module=ALL-UNNAMED
    --add-opens java.base/jdk.internal.util.jar=ALL-UNNAMED
    --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED
    --add-opens java.base/java.lang=ALL-UNNAMED
    --add-opens java.base/java.nio=ALL-UNNAMED
    --add-opens java.base/sun.nio.ch=ALL-UNNAMED
    --add-opens java.base/java.io=ALL-UNNAMED
    --add-opens java.base/java.util=ALL-UNNAMED
    --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED
    --add-opens java.base/jdk.internal.util.random=ALL-UNNAMED
    -Dcassandra.config="file://$DIR/conf/cassandra.yaml"
    -Dlogback.configurationFile="file://$DIR/conf/logback.xml"
    -Dcassandra.logdir="$DIR/logs"
    -Dcassandra.storagedir="$DIR/data"
    -Dcassandra-foreground=yes
    -Dcassandra.jmx.local.port=0
    -Dcassandra.skip_wait_for_gossip_to_settle=0
    -Dcassandra.ring_delay_ms=0
    -Dcassandra.initial_token=0
    -Dcassandra.native.epoll.enabled=true
    -Dcassandra.disable_auth_caches_remote_configuration=true
    -Dcassandra.superuser_setup_delay_ms=0
  )
  # shellcheck disable=SC2206 # split on purpose: one flag a word
  [ -n "${CASSANDRA_JVM_OPTS:-}" ] && jvm+=(${CASSANDRA_JVM_OPTS})
  # setsid: the node outlives this script and the terminal or test run that called it.
  setsid java "${jvm[@]}" -cp "$TOOLS/lib/*" org.apache.cassandra.service.CassandraDaemon \
    </dev/null >"$DIR/logs/stdout.log" 2>&1 9>&- &
  local pid=$!
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$pid"
  # Startup errors go to stdout.log (the JVM's and CassandraDaemon's own), the rest to system.log.
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/logs/stdout.log"
  cat >"$ENV_FILE" <<EOF
CASSANDRA_HOST=$HOST
CASSANDRA_PORT=$port
CASSANDRA_DATACENTER=$DATACENTER
CASSANDRA_STORAGE_PORT=$storage
CASSANDRA_DIR=$DIR
CASSANDRA_PID=$pid
EOF
  if [ "$AUTH" = password ]; then
    printf 'CASSANDRA_USER=cassandra\nCASSANDRA_PASSWORD=cassandra\n' >>"$ENV_FILE"
  fi
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

main "$@"
