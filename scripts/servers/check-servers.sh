#!/usr/bin/env bash
# Proves the server scripts work, with each server's own client: starts the servers (or finds
# them running), writes and reads rows or messages, and stops again the ones it started itself.
#   MariaDB:   the mariadb client over TCP as the test user: CREATE TABLE, INSERT, SELECT, and a
#              LOAD DATA LOCAL INFILE of a 3-line CSV (the connector's bulk path).
#   Cassandra: cqlsh (PyPI's cqlsh, put into .venv when missing): keyspace, table, INSERT, SELECT.
#   Kafka:     Kafka's own tools from KAFKA_TOOLS_CLASSPATH: TopicCommand, ConsoleProducer and
#              ConsoleConsumer (3 keyed messages back exactly), ProducerPerformance (20,000 records).
#   RabbitMQ:  rabbitmqctl (users, vhosts, permissions) and amqplib (the project's client): 3
#              messages through a queue, a wrong password refused.
#   MQTT:      mosquitto_sub/mosquitto_pub (Debian's mosquitto-clients, installed when missing):
#              3 messages at QoS 1, a wrong password refused.
#   NATS:      the NATS text protocol over bash's /dev/tcp: CONNECT with the password, SUB, PUB,
#              the message back; a wrong password refused.
#
#   scripts/servers/check-servers.sh [mariadb] [cassandra] [kafka] [rabbitmq] [mosquitto] [nats]
#   (mariadb and cassandra when none is named)
# Not part of `npm test`: run it by hand. Exits non-zero on the first thing that is not right.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/scripts/servers"
WORK=$(mktemp -d)
STARTED=()
cleanup() {
  local s
  for s in "${STARTED[@]}"; do
    "$HERE/$s.sh" stop || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "check-servers: FAIL: $*" >&2
  exit 1
}
fact() { sed -n "s/^$1=//p" "$2" | head -n 1; }

# Starts a server unless it is running; its facts land in $WORK/<name>.env.
bring_up() {
  local s=$1
  if "$HERE/$s.sh" status >"$WORK/$s.env" 2>/dev/null; then
    echo "check-servers: $s already running"
  else
    STARTED+=("$s")
    "$HERE/$s.sh" start >"$WORK/$s.env"
  fi
  cat "$WORK/$s.env"
}

check_mariadb() {
  bring_up mariadb
  local env="$WORK/mariadb.env"
  local port user password db
  port=$(fact MARIADB_PORT "$env")
  user=$(fact MARIADB_USER "$env")
  password=$(fact MARIADB_PASSWORD "$env")
  db=$(fact MARIADB_DATABASE "$env")
  local client=(mariadb --no-defaults --protocol=TCP -h 127.0.0.1 -P "$port" -u "$user" --local-infile=1 -N -B "$db")
  printf '1,alpha,1.50\n2,"beta, with comma",2.25\n3,gamma,-3.75\n' >"$WORK/rows.csv"
  local out
  out=$(MYSQL_PWD="$password" "${client[@]}" -e "
    SELECT @@local_infile;
    DROP TABLE IF EXISTS rf_check;
    CREATE TABLE rf_check (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, amount DECIMAL(10,2));
    INSERT INTO rf_check VALUES (10, 'inserted', 9.99);
    LOAD DATA LOCAL INFILE '$WORK/rows.csv' INTO TABLE rf_check
      FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' LINES TERMINATED BY '\n' (id, name, amount);
    SELECT id, name, amount FROM rf_check ORDER BY id;
    DROP TABLE rf_check;")
  echo "$out"
  local want
  want=$(printf '1\n1\talpha\t1.50\n2\tbeta, with comma\t2.25\n3\tgamma\t-3.75\n10\tinserted\t9.99')
  [ "$out" = "$want" ] || fail "mariadb: expected local_infile=1 and 4 rows, got:
$out"
  # A wrong password is refused (the server really checks it).
  if MYSQL_PWD="not-$password" "${client[@]}" -e "SELECT 1" >/dev/null 2>&1; then
    fail "mariadb: a wrong password was accepted"
  fi
  echo "check-servers: mariadb OK (127.0.0.1:$port, CREATE/INSERT/SELECT and LOAD DATA LOCAL INFILE)"
}

cqlsh_bin() {
  local venv="$ROOT/.venv"
  if [ -x "$venv/bin/cqlsh" ] && "$venv/bin/cqlsh" --version >/dev/null 2>&1; then
    echo "$venv/bin/cqlsh"
    return 0
  fi
  if [ ! -x "$venv/bin/python" ]; then
    local py
    py=$(command -v python3 || true)
    [ -n "$py" ] || fail "python3 is required for cqlsh"
    "$py" -m venv "$venv"
  fi
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "cqlsh>=6.2,<7" >&2
  echo "$venv/bin/cqlsh"
}

check_cassandra() {
  local cqlsh
  cqlsh=$(cqlsh_bin)
  bring_up cassandra
  local env="$WORK/cassandra.env"
  local port dc
  port=$(fact CASSANDRA_PORT "$env")
  dc=$(fact CASSANDRA_DATACENTER "$env")
  local out
  out=$("$cqlsh" 127.0.0.1 "$port" --connect-timeout=20 --request-timeout=30 -e "
    CREATE KEYSPACE IF NOT EXISTS rf_check WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
    DROP TABLE IF EXISTS rf_check.people;
    CREATE TABLE rf_check.people (id int PRIMARY KEY, name text, tags list<text>);
    INSERT INTO rf_check.people (id, name, tags) VALUES (1, 'alpha', ['a', 'b']);
    INSERT INTO rf_check.people (id, name, tags) VALUES (2, 'beta', []);
    SELECT id, name, tags FROM rf_check.people WHERE id = 1;
    SELECT count(*) FROM rf_check.people;
    SELECT data_center FROM system.local;
    DROP KEYSPACE rf_check;" 2>&1 | grep -v 'cqlsh was built against')
  echo "$out"
  echo "$out" | grep -Eq "^ +1 \| +alpha \| \['a', 'b'\]$" || fail "cassandra: row 1 not read back"
  echo "$out" | grep -Eq '^ +2$' || fail "cassandra: count(*) is not 2"
  echo "$out" | grep -Eq "^ +$dc$" || fail "cassandra: system.local does not name datacenter $dc"
  echo "check-servers: cassandra OK (127.0.0.1:$port, datacenter $dc, keyspace/table/INSERT/SELECT with cqlsh)"
}

check_kafka() {
  bring_up kafka
  local env="$WORK/kafka.env"
  local bootstrap cp
  bootstrap=$(fact KAFKA_BOOTSTRAP "$env")
  cp=$(fact KAFKA_TOOLS_CLASSPATH "$env")
  k() { java -XX:TieredStopAtLevel=1 -Xmx256m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" "$@"; }
  local topic="rf-check-$$"
  k org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --create --topic "$topic" \
    --partitions 1 --replication-factor 1 || fail "kafka: TopicCommand --create failed"
  printf 'k1\tv1\nk2\tv2, with comma\nk3\tv3\n' |
    k org.apache.kafka.tools.ConsoleProducer --bootstrap-server "$bootstrap" --topic "$topic" \
      --reader-property parse.key=true --reader-property "key.separator=$(printf '\t')" ||
    fail "kafka: ConsoleProducer failed"
  local out
  out=$(k org.apache.kafka.tools.consumer.ConsoleConsumer --bootstrap-server "$bootstrap" --topic "$topic" \
    --from-beginning --max-messages 3 --timeout-ms 30000 --formatter-property print.key=true \
    --formatter-property 'key.separator=|' 2>/dev/null)
  echo "$out"
  [ "$out" = "$(printf 'k1|v1\nk2|v2, with comma\nk3|v3')" ] || fail "kafka: expected 3 keyed messages back, got:
$out"
  local perf
  perf=$(k org.apache.kafka.tools.ProducerPerformance --topic "${topic}-perf" --num-records 20000 \
    --record-size 100 --throughput -1 --producer-props "bootstrap.servers=$bootstrap" acks=1)
  echo "$perf" | tail -n 1
  echo "$perf" | tail -n 1 | grep -q "^20000 records sent" || fail "kafka: ProducerPerformance did not send 20000 records"
  k org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --delete --topic "$topic" || true
  k org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --delete --topic "${topic}-perf" || true
  echo "check-servers: kafka OK ($bootstrap, topic create, 3 keyed messages produced and consumed, ProducerPerformance)"
}

# Runs an ES module snippet with the project's Node (from the project folder, so its packages resolve).
node_snippet() {
  local node="$ROOT/node_modules/.bin/node"
  [ -x "$node" ] || fail "the project's Node is missing: run npm install"
  (cd "$ROOT" && "$node" --input-type=module -e "$1")
}

check_rabbitmq() {
  bring_up rabbitmq
  local env="$WORK/rabbitmq.env"
  local port user password vhost2 node epmd dir
  port=$(fact RABBITMQ_PORT "$env")
  user=$(fact RABBITMQ_USER "$env")
  password=$(fact RABBITMQ_PASSWORD "$env")
  vhost2=$(fact RABBITMQ_TEST_VHOST "$env")
  node=$(fact RABBITMQ_NODENAME "$env")
  epmd=$(fact RABBITMQ_EPMD_PORT "$env")
  dir=$(fact RABBITMQ_DIR "$env")
  ctl() { HOME="$dir" ERL_EPMD_PORT="$epmd" /usr/lib/rabbitmq/bin/rabbitmqctl -q --no-table-headers -n "$node" "$@"; }
  local vhosts users
  vhosts=$(ctl list_vhosts name | sort | tr '\n' ' ')
  users=$(ctl list_users | tr '\t' ' ' | tr '\n' ' ')
  echo "vhosts: $vhosts; users: $users"
  [ "$vhosts" = "/ $vhost2 " ] || fail "rabbitmq: expected vhosts / and $vhost2, got: $vhosts"
  echo "$users" | grep -q "$user \[administrator\]" || fail "rabbitmq: no administrator $user: $users"
  local out
  out=$(RMQ_PORT="$port" RMQ_USER="$user" RMQ_PASSWORD="$password" RMQ_VHOST="$vhost2" node_snippet '
    import amqp from "amqplib";
    const e = process.env;
    const base = { hostname: "127.0.0.1", port: Number(e.RMQ_PORT), username: e.RMQ_USER };
    const conn = await amqp.connect({ ...base, password: e.RMQ_PASSWORD, vhost: e.RMQ_VHOST });
    const ch = await conn.createConfirmChannel();
    const { queue } = await ch.assertQueue("", { exclusive: true });
    for (const v of ["alpha", "beta, with comma", "gamma"]) ch.sendToQueue(queue, Buffer.from(v));
    await ch.waitForConfirms();
    for (let i = 0; i < 3; i++) console.log((await ch.get(queue, { noAck: true })).content.toString());
    await conn.close();
    const refused = await amqp.connect({ ...base, password: "not-" + e.RMQ_PASSWORD }).then(
      (c) => c.close().then(() => false), () => true);
    console.log(refused ? "wrong password refused" : "wrong password ACCEPTED");')
  echo "$out"
  [ "$out" = "$(printf 'alpha\nbeta, with comma\ngamma\nwrong password refused')" ] ||
    fail "rabbitmq: expected 3 messages back and a refused password, got:
$out"
  echo "check-servers: rabbitmq OK (127.0.0.1:$port, rabbitmqctl, amqplib through a queue on vhost $vhost2)"
}

check_mosquitto() {
  if ! command -v mosquitto_sub >/dev/null 2>&1; then
    [ "$(id -u)" = "0" ] || fail "mosquitto_sub is required (Debian: apt-get install mosquitto-clients)"
    apt-get -o DPkg::Lock::Timeout=900 update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq mosquitto-clients >/dev/null
  fi
  bring_up mosquitto
  local env="$WORK/mosquitto.env"
  local port user password
  port=$(fact MQTT_PORT "$env")
  user=$(fact MQTT_USER "$env")
  password=$(fact MQTT_PASSWORD "$env")
  local conn=(-h 127.0.0.1 -p "$port" -u "$user" -P "$password" -q 1)
  mosquitto_sub "${conn[@]}" -t rf/check -C 3 -W 20 >"$WORK/mqtt.out" &
  local sub=$!
  sleep 1 # the subscription is made before the first message
  local v
  for v in alpha "beta, with comma" gamma; do mosquitto_pub "${conn[@]}" -t rf/check -m "$v"; done
  wait "$sub" || fail "mosquitto: mosquitto_sub did not get 3 messages within 20 s"
  cat "$WORK/mqtt.out"
  [ "$(cat "$WORK/mqtt.out")" = "$(printf 'alpha\nbeta, with comma\ngamma')" ] || fail "mosquitto: the 3 messages differ"
  if mosquitto_pub -h 127.0.0.1 -p "$port" -u "$user" -P "not-$password" -t rf/check -m x 2>/dev/null; then
    fail "mosquitto: a wrong password was accepted"
  fi
  if mosquitto_pub -h 127.0.0.1 -p "$port" -t rf/check -m x 2>/dev/null; then
    fail "mosquitto: an anonymous client was accepted"
  fi
  echo "check-servers: mosquitto OK (127.0.0.1:$port, 3 messages at QoS 1, wrong password and anonymous refused)"
}

# One NATS conversation over /dev/tcp: CONNECT with PASSWORD, then COMMANDS, then PING; prints
# the server's lines up to PONG or an -ERR.
nats_talk() {
  local port=$1 user=$2 password=$3 commands=$4 line
  exec 3<>"/dev/tcp/127.0.0.1/$port" || fail "nats: cannot connect to 127.0.0.1:$port"
  read -r -t 5 line <&3 # INFO
  printf 'CONNECT {"user":"%s","pass":"%s","verbose":false,"pedantic":false,"headers":false}\r\n%sPING\r\n' \
    "$user" "$password" "$commands" >&3
  while read -r -t 5 line <&3; do
    line=${line%$'\r'}
    echo "$line"
    case "$line" in PONG | -ERR*) break ;; esac
  done
  exec 3<&-
}

check_nats() {
  bring_up nats
  local env="$WORK/nats.env"
  local port user password
  port=$(fact NATS_PORT "$env")
  user=$(fact NATS_USER "$env")
  password=$(fact NATS_PASSWORD "$env")
  local out
  out=$(nats_talk "$port" "$user" "$password" $'SUB rf.check 1\r\nPUB rf.check 5\r\nalpha\r\nPUB rf.check 16\r\nbeta, with comma\r\n')
  echo "$out"
  [ "$out" = "$(printf 'MSG rf.check 1 5\nalpha\nMSG rf.check 1 16\nbeta, with comma\nPONG')" ] ||
    fail "nats: expected the 2 messages back, got:
$out"
  out=$(nats_talk "$port" "$user" "not-$password" "")
  echo "$out" | grep -qi "authorization violation" || fail "nats: a wrong password was not refused: $out"
  echo "check-servers: nats OK (127.0.0.1:$port, SUB/PUB with a password, wrong password refused)"
}

WHICH=("$@")
[ ${#WHICH[@]} -gt 0 ] || WHICH=(mariadb cassandra)
for s in "${WHICH[@]}"; do
  case "$s" in
  mariadb) check_mariadb ;;
  cassandra) check_cassandra ;;
  kafka) check_kafka ;;
  rabbitmq) check_rabbitmq ;;
  mosquitto) check_mosquitto ;;
  nats) check_nats ;;
  *) fail "unknown server '$s' (mariadb, cassandra, kafka, rabbitmq, mosquitto, nats)" ;;
  esac
done
echo "check-servers: all OK (${WHICH[*]})"
