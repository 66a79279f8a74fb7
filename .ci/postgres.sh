#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests (trust auth, loopback only)
# and prints the DATABASE_URL to use. Usage: eval "$(bash .ci/postgres.sh start)"; bash .ci/postgres.sh stop
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGDIR="${PGDIR:-/tmp/dataforge-ci-postgres}"
bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$bindir" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-start}" in
  start)
    if ! as_pg "$bindir/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1; then
      rm -rf "$PGDIR"; mkdir -p "$PGDIR"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDIR"
      as_pg "$bindir/initdb" -D "$PGDIR" -U postgres --auth=trust >/dev/null
      as_pg "$bindir/pg_ctl" -D "$PGDIR" -l "$PGDIR/server.log" -w \
        -o "-p $PGPORT -c listen_addresses=127.0.0.1 -k $PGDIR" start >/dev/null
    fi
    echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    as_pg "$bindir/pg_ctl" -D "$PGDIR" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
