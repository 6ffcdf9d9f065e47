#!/usr/bin/env bash
# Runs browser tests locally: builds the SPA, starts a throwaway PostgreSQL and the server, runs Playwright.
# Usage: bash scripts/e2e-local.sh [playwright args, e.g. specs/login.spec.ts]
# Naming spec files runs only those (--no-deps: not the two lines of specs that the counting specs wait for).
set -euo pipefail
case " $* " in *.spec.ts*) set -- --no-deps "$@" ;; esac
cd "$(dirname "$0")/.."
WORK=$(mktemp -d /tmp/intermedio-e2e.XXXXXX); chmod 755 "$WORK"
SERVER_PID=""; PGDATA_DIR=""
AS_PG=(); [ "$(id -u)" = 0 ] && AS_PG=(runuser -u postgres --)
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
cleanup() {
  set +e
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [ -n "$PGDATA_DIR" ] && (cd / && "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1)
  rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
npm run -s build
PGPORT=$(free_port)
[ "$(id -u)" = 0 ] && chown postgres:postgres "$WORK"
PGDATA_DIR=$WORK/pgdata
(cd / && "${AS_PG[@]}" "$PGBIN/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null)
(cd / && "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -l "$WORK/pg.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $WORK -c fsync=off -c synchronous_commit=off" start >/dev/null)
DB="postgres://postgres@127.0.0.1:$PGPORT/postgres"
PORT=$(free_port)
(cd apps/server && DATABASE_URL="$DB" SECRET_KEY=e2e-chave-secreta-com-32-caracteres-ou-mais SEED_DEMO=1 RECONCILIAR_SEGUNDOS=10 SANDBOX_INSPECAO=1 \
  PORT=$PORT DATA_DIR="$WORK/data" LOG_LEVEL=warn exec node --import tsx src/main.ts) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.5; done
(cd e2e && BASE_URL="http://127.0.0.1:$PORT" E2E_DATABASE_URL="$DB" E2E_DATA_DIR="$WORK/data" npx playwright test "$@") || { tail -40 "$WORK/server.log"; exit 1; }
