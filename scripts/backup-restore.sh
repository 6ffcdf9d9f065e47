#!/usr/bin/env bash
# Backup and restore of the app database on PostgreSQL (docs/implantacao.md, "Backups").
#   DATABASE_URL=postgres://… scripts/backup-restore.sh backup  ARQUIVO   # pg_dump, custom format (compressed)
#   DATABASE_URL=postgres://… scripts/backup-restore.sh restore ARQUIVO   # pg_restore into that database
# The dump holds the whole database: the app's tables, the migrations journal (drizzle schema) and the job queue
# (pgboss schema). Restore into an empty database (created with CREATE DATABASE), with every instance stopped;
# a non-empty one is refused unless LIMPAR=1 (drops the objects the dump holds first). PG_BIN picks the client
# binaries (default: the newest /usr/lib/postgresql/*/bin, else PATH); they must be at least the server's version.
set -euo pipefail

uso() { echo "uso: DATABASE_URL=postgres://… $0 backup|restore ARQUIVO" >&2; exit 2; }
[ $# -eq 2 ] || uso
acao=$1 arquivo=$2
[ -n "${DATABASE_URL:-}" ] || { echo "DATABASE_URL não definida." >&2; exit 2; }
if [ -z "${PG_BIN:-}" ]; then
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
fi
bin() { if [ -n "$PG_BIN" ] && [ -x "$PG_BIN/$1" ]; then echo "$PG_BIN/$1"; else command -v "$1"; fi; }

case "$acao" in
  backup)
    # -Fc: compressed, restorable table by table; a consistent snapshot without stopping the instances.
    "$(bin pg_dump)" --format=custom --no-owner --no-privileges --file="$arquivo" "$DATABASE_URL"
    echo "Cópia gravada em $arquivo ($(du -h "$arquivo" | cut -f1))."
    ;;
  restore)
    [ -r "$arquivo" ] || { echo "Arquivo não encontrado: $arquivo" >&2; exit 2; }
    tabelas=$("$(bin psql)" "$DATABASE_URL" -qAt -c \
      "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
    limpar=()
    if [ "$tabelas" != 0 ]; then
      [ "${LIMPAR:-0}" = 1 ] || { echo "O banco de destino já tem $tabelas tabelas: restaure num banco vazio ou use LIMPAR=1." >&2; exit 1; }
      limpar=(--clean --if-exists)
    fi
    # One transaction: a failed restore leaves the database as it was.
    "$(bin pg_restore)" --no-owner --no-privileges --exit-on-error --single-transaction "${limpar[@]}" \
      --dbname="$DATABASE_URL" "$arquivo"
    echo "Cópia $arquivo restaurada."
    ;;
  *) uso ;;
esac
