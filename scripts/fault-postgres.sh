#!/usr/bin/env bash
# A throwaway Postgres cluster for the Postgres-restart fault test (test/multi/pg-restart.test.ts),
# so the test can stop and start a server without touching the one everything else uses.
# Idempotent: creates the cluster on first use, starts it if it is down, prints its server URL.
# Usage: scripts/fault-postgres.sh [port]   (default 5439; cluster name "skycastfault", trust auth,
# loopback only). Remove it with: pg_dropcluster --stop <version> skycastfault
set -euo pipefail
PORT="${1:-5439}"
NAME=skycastfault
VERSION="$(ls /etc/postgresql | sort -V | tail -n 1)"
if [ ! -d "/etc/postgresql/$VERSION/$NAME" ]; then
  pg_createcluster "$VERSION" "$NAME" -p "$PORT" -- --auth=trust >&2
  # Loopback only and small: it exists to be stopped and started by a test.
  conf="/etc/postgresql/$VERSION/$NAME/postgresql.conf"
  printf "\nlisten_addresses = '127.0.0.1'\nmax_connections = 60\nshared_buffers = 32MB\nfsync = off\n" >>"$conf"
fi
PORT="$(pg_conftool -s "$VERSION" "$NAME" show port)"
if ! pg_isready -h 127.0.0.1 -p "$PORT" -q; then
  # Its chatter ("Removed stale pid file.") goes to stderr: stdout carries only the final line.
  pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" start >&2
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p "$PORT" -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p "$PORT" -q
echo "MULTI_PG_RESTART='$VERSION $NAME' MULTI_PG_RESTART_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
