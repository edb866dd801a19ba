#!/usr/bin/env bash
# Proves the server scripts work, with each database's own client: starts the servers (or finds
# them running), writes and reads rows, and stops again the ones it started itself.
#   MariaDB:   the mariadb client over TCP as the test user: CREATE TABLE, INSERT, SELECT, and a
#              LOAD DATA LOCAL INFILE of a 3-line CSV (the connector's bulk path).
#   Cassandra: cqlsh (PyPI's cqlsh, put into .venv when missing): keyspace, table, INSERT, SELECT.
#
#   scripts/servers/check-servers.sh [mariadb] [cassandra]   (both when none is named)
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

WHICH=("$@")
[ ${#WHICH[@]} -gt 0 ] || WHICH=(mariadb cassandra)
for s in "${WHICH[@]}"; do
  case "$s" in
  mariadb) check_mariadb ;;
  cassandra) check_cassandra ;;
  *) fail "unknown server '$s' (mariadb, cassandra)" ;;
  esac
done
echo "check-servers: all OK (${WHICH[*]})"
