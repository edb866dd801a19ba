#!/usr/bin/env bash
# Fetches the Apache ORC Java tools (the uber jar) into .tools/ from Maven Central: the second
# independent reader of rowforge's ORC files in the read-back tests (`meta` and `data`).
# Idempotent and fast when already done; fails loudly when it cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=2.1.2
DIR=.tools
JAR="$DIR/orc-tools-$VERSION-uber.jar"
if [ -s "$JAR" ] && command -v java >/dev/null 2>&1; then
  exit 0
fi
if ! command -v java >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get -o DPkg::Lock::Timeout=900 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq default-jdk-headless maven >/dev/null
  else
    echo "setup-orc-tools: java (a JDK 17+) and mvn are required to fetch and run the ORC tools" >&2
    exit 1
  fi
fi
mkdir -p "$DIR"
mvn -q dependency:copy "-Dartifact=org.apache.orc:orc-tools:$VERSION:jar:uber" "-DoutputDirectory=$DIR"
if [ ! -s "$JAR" ]; then
  echo "setup-orc-tools: $JAR was not fetched" >&2
  exit 1
fi
java -jar "$JAR" version 2>/dev/null | head -n 1
