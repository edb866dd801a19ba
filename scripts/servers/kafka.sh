#!/usr/bin/env bash
# A throw-away single-node Kafka 4.4 (KRaft, broker and controller in one process) for local runs
# and tests: org.apache.kafka:kafka_2.13, kafka-tools and slf4j-simple from Maven Central (fetched
# once into .tools/kafka-4.4.0, reused), a server.properties of its own, kafka.Kafka on 127.0.0.1
# with free broker and controller ports (or the broker port given), a small heap, data in a
# throw-away folder. Idempotent: when the broker is already up it only prints the facts again.
#
#   scripts/servers/kafka.sh [start] [PORT]   start (or find running) and print KEY=value facts
#   scripts/servers/kafka.sh status           print the facts when running, exit 1 when not
#   scripts/servers/kafka.sh stop [DIR]       stop exactly this broker and remove its folder
#                                             (DIR: the KAFKA_DIR that start printed)
#
# Facts (stdout, one KEY=value a line; also kept in $KAFKA_DIR/server.env): KAFKA_BOOTSTRAP
#   (host:port), KAFKA_HOST, KAFKA_PORT, KAFKA_CONTROLLER_PORT, KAFKA_AUTO_CREATE_TOPICS, KAFKA_DIR,
#   KAFKA_PID, KAFKA_TOOLS_CLASSPATH (the jars' lib/* glob, for `java -cp "$KAFKA_TOOLS_CLASSPATH"
#   org.apache.kafka.tools.ProducerPerformance ...`, TopicCommand, ConsoleConsumer). Progress goes to stderr.
# Environment: ROWFORGE_KAFKA_DIR (the folder; default $ROWFORGE_SERVERS_DIR/kafka, that one by
#   default ${TMPDIR:-/tmp}/rowforge-servers), ROWFORGE_TOOLS_DIR (where the jars are kept,
#   default <project>/.tools), KAFKA_PORT (same as PORT), KAFKA_HEAP (default 512M),
#   KAFKA_AUTO_CREATE_TOPICS (true or false, default true: the broker's auto.create.topics.enable;
#   with true a producer may still ask not to create, see docs/local-servers.md), KAFKA_PARTITIONS (default
#   partitions of a new topic, default 1), KAFKA_READY_TIMEOUT (seconds, default 120),
#   KAFKA_JVM_OPTS (more JVM flags, split on spaces; test runs pass -XX:TieredStopAtLevel=1 for
#   a faster start), ROWFORGE_KAFKA_WATCH_PID (also stop the broker it starts once that process
#   ends: test runs killed before their teardown leave nothing).
set -euo pipefail

NAME=kafka
PREFIX=KAFKA
MARKER=server.properties
VERSION=4.4.0
SLF4J_VERSION=2.0.17
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TOOLS="${ROWFORGE_TOOLS_DIR:-$ROOT/.tools}/kafka-$VERSION"
HEAP="${KAFKA_HEAP:-512M}"
READY_TIMEOUT="${KAFKA_READY_TIMEOUT:-120}"
AUTO_CREATE="${KAFKA_AUTO_CREATE_TOPICS:-true}"
PARTITIONS="${KAFKA_PARTITIONS:-1}"
case "$AUTO_CREATE" in true | false) ;; *) die "KAFKA_AUTO_CREATE_TOPICS must be true or false, not $AUTO_CREATE" ;; esac
case "$PARTITIONS" in '' | *[!0-9]*) die "KAFKA_PARTITIONS must be a positive number, not $PARTITIONS" ;; esac

# Up: the broker port accepts connections and the log says the server finished starting (the
# port opens a moment before the broker has registered with its controller).
ready() { port_open "$1" && grep -q "Kafka Server started" "$DIR/logs/kafka.log" 2>/dev/null; }

# kafka_2.13, kafka-tools, slf4j-simple and their runtime dependencies, copied by Maven into
# $TOOLS/lib once.
fetch_jars() {
  if [ -f "$TOOLS/.complete" ] && [ -d "$TOOLS/lib" ]; then
    return 0
  fi
  require_jdk_maven "fetch and run Kafka"
  log "fetching org.apache.kafka:kafka_2.13:$VERSION, kafka-tools and their dependencies into $TOOLS"
  mkdir -p "$TOOLS"
  rm -rf "${TOOLS:?}/lib"
  cat >"$TOOLS/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>rowforge.local</groupId>
  <artifactId>kafka-server</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$VERSION</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-tools</artifactId><version>$VERSION</version></dependency>
    <!-- slf4j-api named here so Maven takes 2.x (a dependency asks for 1.7, which finds no binding in slf4j-simple 2). -->
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><version>$SLF4J_VERSION</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId><version>$SLF4J_VERSION</version></dependency>
  </dependencies>
</project>
EOF
  (cd "$TOOLS" && mvn -q -B dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=lib) \
    >"$TOOLS/mvn.log" 2>&1 || {
    cat "$TOOLS/mvn.log" >&2
    die "mvn could not fetch kafka_2.13:$VERSION (its output above)"
  }
  [ -f "$TOOLS/lib/kafka_2.13-$VERSION.jar" ] || die "kafka_2.13-$VERSION.jar missing in $TOOLS/lib"
  [ -f "$TOOLS/lib/slf4j-api-$SLF4J_VERSION.jar" ] || die "slf4j-api-$SLF4J_VERSION.jar missing in $TOOLS/lib (the broker would log nothing)"
  touch "$TOOLS/.complete"
  log "fetched $(find "$TOOLS/lib" -name '*.jar' | wc -l) jars ($(du -sh "$TOOLS/lib" | cut -f1))"
}

write_properties() {
  local port=$1 cport=$2
  cat >"$DIR/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$cport
listeners=PLAINTEXT://$HOST:$port,CONTROLLER://$HOST:$cport
advertised.listeners=PLAINTEXT://$HOST:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$DIR/data
num.partitions=$PARTITIONS
auto.create.topics.enable=$AUTO_CREATE
# One node: every internal topic with one replica, consumers join a group without waiting.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
# Small and quiet for tests: few threads, small segments, nothing kept long.
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
log.segment.bytes=67108864
log.retention.hours=24
EOF
}

# The JVM flags of the broker and of the storage tool; JAVA_OPTS-like extras from KAFKA_JVM_OPTS.
jvm_flags() {
  JVM=(-XX:+UseSerialGC -XX:ActiveProcessorCount=2 -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true
    -Dorg.slf4j.simpleLogger.showDateTime=true)
  # shellcheck disable=SC2206 # split on purpose: one flag a word
  [ -n "${KAFKA_JVM_OPTS:-}" ] && JVM+=(${KAFKA_JVM_OPTS})
  return 0
}

# A KRaft cluster id: 16 random bytes in URL-safe base64 without padding (what `random-uuid` prints),
# passed as --cluster-id=<id>: an id starting with "-" (1 in 64) would otherwise read as a flag.
cluster_id() { head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n'; }

cmd_start() {
  local want_port="${1:-${KAFKA_PORT:-}}"
  found_running "$want_port" && return 0
  fetch_jars
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local cport
  cport=$(free_port "$port")
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR/data" "$DIR/logs"
  write_properties "$port" "$cport"
  jvm_flags
  log "formatting $DIR/data"
  java "${JVM[@]}" -Xmx128m -cp "$TOOLS/lib/*" kafka.tools.StorageTool format "--cluster-id=$(cluster_id)" \
    -c "$DIR/server.properties" >"$DIR/logs/format.log" 2>&1 9>&- || {
    cat "$DIR/logs/format.log" >&2
    die "kafka-storage format failed (log above)"
  }
  log "starting Kafka $VERSION (KRaft) on $HOST:$port (controller $cport, heap $HEAP)"
  # setsid: the broker outlives this script and the terminal or test run that called it.
  setsid java "${JVM[@]}" -Xms64m -Xmx"$HEAP" -Dkafka.logs.dir="$DIR/logs" -cp "$TOOLS/lib/*" kafka.Kafka \
    "$DIR/server.properties" </dev/null >"$DIR/logs/kafka.log" 2>&1 9>&- &
  local pid=$!
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$pid"
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/logs/kafka.log"
  cat >"$ENV_FILE" <<EOF
KAFKA_BOOTSTRAP=$HOST:$port
KAFKA_HOST=$HOST
KAFKA_PORT=$port
KAFKA_CONTROLLER_PORT=$cport
KAFKA_AUTO_CREATE_TOPICS=$AUTO_CREATE
KAFKA_DIR=$DIR
KAFKA_PID=$pid
KAFKA_TOOLS_CLASSPATH=$TOOLS/lib/*
EOF
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

main "$@"
