#!/bin/bash
# Times the daemon end to end over REST: upload -> allocation, forced re-solves, a link failure ->
# pruned allocation served and re-solved allocation, then a restart on the same state -> serving,
# and the first full GET /v1/allocation. Numbers in docs/daemon.md ("Numbers measured") come from it.
#
# Usage (from the repository root, after `mvn -B -q -DskipTests package`):
#   benchmarks/daemon-failover.sh [TOPOLOGY [TRAFFIC [SRC DST]]]
#   defaults: Kdl gravity:1,16 2 441   (env: HEAP=4g, JAVA_OPTS, SERVE_OPTS (more `te serve` flags, e.g.
#                                        --min-gain 0.005), WARM=2 forced re-solves, PORT=18080,
#                                        TOPOLOGY_DIR=../shared/topology-zoo, JAR=te-controller/target/te.jar)
set -euo pipefail
TOPOLOGY=${1:-Kdl}
TRAFFIC=${2:-gravity:1,16}
SRC=${3:-2}
DST=${4:-441}
JAR=${JAR:-te-controller/target/te.jar}
PORT=${PORT:-18080}
HEAP=${HEAP:-4g}
WARM=${WARM:-2}
TOPOLOGY_DIR=${TOPOLOGY_DIR:-../shared/topology-zoo}
WORK=$(mktemp -d)
PID=
stop() { if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=; fi; }
trap 'stop; rm -rf "$WORK"' EXIT
now() { date +%s.%N; }
secs() { python3 -c "print('%.2f' % ($2 - $1))"; }
base="http://127.0.0.1:$PORT"
version() { curl -s "$base/v1/status" | python3 -c 'import json,sys; a=json.load(sys.stdin).get("allocation"); print(a["version"] if a else 0)'; }
serve() {
  java -Xmx"$HEAP" ${JAVA_OPTS:-} -jar "$JAR" serve --topology-dir "$TOPOLOGY_DIR" -t "$TOPOLOGY" --state-dir "$WORK/state" \
    --listen "127.0.0.1:$PORT" --interval 3600s ${SERVE_OPTS:-} >> "$WORK/daemon.log" 2>&1 &
  PID=$!
  until curl -sf "$base/healthz" > /dev/null; do sleep 0.05; done
}

java -jar "$JAR" traffic --topology-dir "$TOPOLOGY_DIR" -t "$TOPOLOGY" -m "$TRAFFIC" -o "$WORK/demands.json" > /dev/null
serve
t0=$(now)
curl -sf -XPUT -H 'Content-Type: application/json' --data-binary @"$WORK/demands.json" "$base/v1/demands" > /dev/null
t1=$(now)
until [ "$(version)" -ge 1 ]; do sleep 0.05; done
echo "PUT acknowledged $(secs "$t0" "$t1") s; allocation $(secs "$t0" "$(now)") s after the PUT started"
for _ in $(seq 1 "$WARM"); do
  v=$(version); t0=$(now)
  curl -sf -XPOST "$base/v1/solve" > /dev/null
  until [ "$(version)" -gt "$v" ]; do sleep 0.05; done
  echo "forced re-solve $(secs "$t0" "$(now)") s"
done
sleep 2
v=$(version); t0=$(now)
curl -sf -XPOST "$base/v1/links/$SRC/$DST/down" > /dev/null
t1=$(now)
until [ "$(version)" -gt "$v" ]; do sleep 0.02; done
echo "link $SRC->$DST down: answered $(secs "$t0" "$t1") s; pruned allocation served $(secs "$t1" "$(now)") s after the answer"
until [ "$(version)" -gt "$((v + 1))" ]; do sleep 0.05; done
echo "re-solved allocation $(secs "$t1" "$(now)") s after the answer"
stop
t0=$(now)
serve
echo "restart: serving $(secs "$t0" "$(now)") s after start (allocation version $(version))"
t0=$(now)
curl -sf -o /dev/null "$base/v1/allocation"
echo "first full GET /v1/allocation $(secs "$t0" "$(now)") s"
echo "state files:"; ls -l "$WORK/state"
grep -E "AllocationBook|NetworkBook" "$WORK/daemon.log" | cut -c1-200
