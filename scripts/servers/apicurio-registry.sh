#!/usr/bin/env bash
# A throw-away Apicurio Registry 2.4 (in-memory H2 storage) whose Confluent-compatible API
# (/apis/ccompat/v7) rowforge's Kafka schema registry client is tested against. Apicurio
# publishes its server on Maven Central only as a library jar (io.apicurio:apicurio-registry-app)
# whose Quarkus build extension for dynamic configuration is not on Maven Central; this script
# builds the runnable application from that jar once per machine (Maven + the Quarkus Maven
# plugin, minutes; into ~/.cache/rowforge/apicurio-registry-$VERSION, which every clone and
# worktree then shares), with the one bean that extension would have generated (an empty list of
# dynamic properties), then runs it on 127.0.0.1 with a free port (or the one given). Idempotent:
# when the registry is already up it only prints the facts again. Two builds at once (two clones'
# test runs on a fresh machine) take turns on a lock beside the folder: the second finds it built.
#
#   scripts/servers/apicurio-registry.sh [start] [PORT]   start (or find running), print KEY=value facts
#   scripts/servers/apicurio-registry.sh build            build it (or find it built), print the runner jar's path
#   scripts/servers/apicurio-registry.sh status           print the facts when running, exit 1 when not
#   scripts/servers/apicurio-registry.sh stop [DIR]       stop exactly this registry and remove its folder
#
# Facts (stdout; also in $SCHEMA_REGISTRY_DIR/server.env): SCHEMA_REGISTRY_URL (the Confluent API's
#   base URL), SCHEMA_REGISTRY_HOST, SCHEMA_REGISTRY_PORT, SCHEMA_REGISTRY_DIR, SCHEMA_REGISTRY_PID.
# Environment: ROWFORGE_SCHEMA_REGISTRY_DIR (the folder; default $ROWFORGE_SERVERS_DIR/schema-registry),
#   ROWFORGE_TOOLS_DIR (where the built application is kept, default the machine's cache:
#   ${XDG_CACHE_HOME:-~/.cache}/rowforge, or <project>/.tools when that cannot be made),
#   SCHEMA_REGISTRY_PORT (same as PORT), SCHEMA_REGISTRY_HEAP (default 256M),
#   SCHEMA_REGISTRY_READY_TIMEOUT (seconds, default 180), SCHEMA_REGISTRY_JVM_OPTS (more JVM flags),
#   ROWFORGE_SCHEMA_REGISTRY_WATCH_PID (stop the registry once that process ends).
set -euo pipefail

NAME=schema-registry
PREFIX=SCHEMA_REGISTRY
MARKER=registry.properties
VERSION=2.4.2.Final
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TOOLS="$(machine_tools_dir "$ROOT")/apicurio-registry-$VERSION"
HEAP="${SCHEMA_REGISTRY_HEAP:-256M}"
READY_TIMEOUT="${SCHEMA_REGISTRY_READY_TIMEOUT:-180}"
RUNNER="$TOOLS/target/rowforge-apicurio-registry-$VERSION-runner.jar"

# Up: the port answers and the Confluent API lists its subjects.
ready() {
  port_open "$1" || return 1
  command -v curl >/dev/null 2>&1 || return 0
  curl -sf -m 2 "http://$HOST:$1/apis/ccompat/v7/subjects" >/dev/null
}

built() { [ -f "$TOOLS/.complete" ] && [ -f "$RUNNER" ]; }

# Builds the runner into $TOOLS unless it is there; one builder at a time (fd 8 holds the lock
# while building; closed after, so the registry started next never holds it).
build_runner() {
  built && return 0
  mkdir -p "$(dirname "$TOOLS")"
  if command -v flock >/dev/null 2>&1; then
    exec 8>"$TOOLS.lock"
    if ! flock -n 8; then
      log "another build of $TOOLS is under way: waiting for it"
      flock -w 1800 8 || die "another build of $TOOLS holds its lock for 30 minutes ($TOOLS.lock)"
    fi
    if built; then
      exec 8>&-
      return 0
    fi
  fi
  require_jdk_maven "build and run the registry"
  log "building Apicurio Registry $VERSION from Maven Central into $TOOLS (once per machine; a few minutes)"
  rm -rf "$TOOLS"
  mkdir -p "$TOOLS/src/main/java/rowforge/glue" "$TOOLS/src/main/resources"
  cat >"$TOOLS/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>io.apicurio</groupId>
    <artifactId>apicurio-registry</artifactId>
    <version>$VERSION</version>
    <relativePath/>
  </parent>
  <artifactId>rowforge-apicurio-registry</artifactId>
  <packaging>jar</packaging>
  <dependencies>
    <dependency>
      <groupId>io.apicurio</groupId>
      <artifactId>apicurio-registry-app</artifactId>
      <version>$VERSION</version>
      <exclusions>
        <!-- Its Quarkus deployment module is not on Maven Central: the glue below stands in for what it generates. -->
        <exclusion><groupId>io.apicurio</groupId><artifactId>apicurio-common-app-components-config-index</artifactId></exclusion>
        <!-- Only on JitPack (JSON Schema artifact checks, which the Avro/Protobuf tests do not use). -->
        <exclusion><groupId>com.github.everit-org.json-schema</groupId><artifactId>org.everit.json.schema</artifactId></exclusion>
      </exclusions>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>io.quarkus</groupId>
        <artifactId>quarkus-maven-plugin</artifactId>
        <version>\${quarkus.version}</version>
        <executions><execution><goals><goal>build</goal></goals></execution></executions>
      </plugin>
    </plugins>
  </build>
</project>
EOF
  cat >"$TOOLS/src/main/java/rowforge/glue/DynamicConfigGlue.java" <<'EOF'
package rowforge.glue;

import io.apicurio.common.apps.config.DynamicConfigPropertyList;
import javax.enterprise.context.ApplicationScoped;
import javax.enterprise.inject.Produces;

/** What Apicurio's config-index build extension would generate: the dynamic properties (none here). */
@ApplicationScoped
public class DynamicConfigGlue {
  @Produces
  @ApplicationScoped
  public DynamicConfigPropertyList dynamicConfigPropertyList() {
    return new DynamicConfigPropertyList(java.util.List.of());
  }
}
EOF
  # The application's own configuration (from its jar), plus: index the app jar's beans.
  (cd "$TOOLS" && mvn -q -B dependency:get -Dartifact="io.apicurio:apicurio-registry-app:$VERSION" -Dtransitive=false) \
    >"$TOOLS/mvn.log" 2>&1 || {
    cat "$TOOLS/mvn.log" >&2
    die "mvn could not fetch io.apicurio:apicurio-registry-app:$VERSION (its output above)"
  }
  local jar="${MAVEN_REPO:-$HOME/.m2/repository}/io/apicurio/apicurio-registry-app/$VERSION/apicurio-registry-app-$VERSION.jar"
  unzip -p "$jar" application.properties >"$TOOLS/src/main/resources/application.properties" ||
    die "no application.properties in $jar"
  cat >>"$TOOLS/src/main/resources/application.properties" <<'EOF'
quarkus.index-dependency.registryapp.group-id=io.apicurio
quarkus.index-dependency.registryapp.artifact-id=apicurio-registry-app
EOF
  (cd "$TOOLS" && mvn -B -DskipTests -Denforcer.skip=true -Dcheckstyle.skip=true -Dmaven.javadoc.skip=true \
    -Dmaven.source.skip=true package) >"$TOOLS/mvn.log" 2>&1 || {
    tail -n 60 "$TOOLS/mvn.log" >&2
    die "building the registry failed (the end of mvn's output above; $TOOLS/mvn.log)"
  }
  [ -f "$RUNNER" ] || die "$RUNNER missing after the build ($TOOLS/mvn.log)"
  touch "$TOOLS/.complete"
  log "built ($(du -sh "$TOOLS/target" | cut -f1))"
  exec 8>&- 2>/dev/null || true
}

cmd_start() {
  local want_port="${1:-${SCHEMA_REGISTRY_PORT:-}}"
  found_running "$want_port" && return 0
  build_runner
  clear_stale
  local port="${want_port:-$(free_port)}"
  port_open "$port" && die "port $port on $HOST is already taken"
  local t0
  t0=$(date +%s%N)
  mkdir -p "$DIR"
  echo "port=$port" >"$DIR/$MARKER"
  local jvm=(-XX:+UseSerialGC -XX:ActiveProcessorCount=2 -XX:TieredStopAtLevel=1 -XX:+ExitOnOutOfMemoryError
    -Xms64m -Xmx"$HEAP" -Dquarkus.http.host="$HOST" -Dquarkus.http.port="$port" -Dquarkus.log.level=INFO)
  # shellcheck disable=SC2206 # split on purpose: one flag a word
  [ -n "${SCHEMA_REGISTRY_JVM_OPTS:-}" ] && jvm+=(${SCHEMA_REGISTRY_JVM_OPTS})
  log "starting Apicurio Registry $VERSION on $HOST:$port (heap $HEAP)"
  # setsid: the registry outlives this script and the terminal or test run that called it.
  setsid java "${jvm[@]}" -jar "$RUNNER" </dev/null >"$DIR/registry.log" 2>&1 9>&- 8>&- &
  local pid=$!
  echo "$pid" >"$DIR/starting.pid"
  kill_on_failed_start "$pid"
  wait_ready "$pid" "$port" "$READY_TIMEOUT" "$DIR/registry.log"
  cat >"$ENV_FILE" <<EOF
SCHEMA_REGISTRY_URL=http://$HOST:$port/apis/ccompat/v7
SCHEMA_REGISTRY_HOST=$HOST
SCHEMA_REGISTRY_PORT=$port
SCHEMA_REGISTRY_DIR=$DIR
SCHEMA_REGISTRY_PID=$pid
EOF
  log "ready in $(ms_since "$t0") ms (pid $pid)"
  start_watch
  print_facts
}

if [ "${1:-}" = build ]; then
  build_runner
  echo "$RUNNER"
  exit 0
fi
main "$@"
