// Creates a new embedded database (PGlite's initdb) in the data dir given as argv[2], in a process of its own:
// initdb runs a second PostgreSQL instance and copies its data through large buffers; in the server's process that
// memory stayed resident for minutes (db/pglite.ts). Exits 0 once the dir is ready.
import { PGlite } from '@electric-sql/pglite';

const [dir, opcoes] = process.argv.slice(2);
const cliente = new PGlite(dir, JSON.parse(opcoes ?? '{}'));
await cliente.waitReady;
await cliente.close();
