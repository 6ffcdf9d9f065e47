/**
 * Run as a child process by test/pglite-memoria.pglite.test.ts: opens a NEW embedded database in argv[2] (initdb and the
 * migrations, as the first `npm start` of a new install) and prints this process's peak RSS and shared_buffers.
 */
import { sql } from 'drizzle-orm';
import { abrirBanco } from '../../src/db/cliente.ts';

const banco = await abrirBanco({ dataDir: process.argv[2] });
const r = await banco.db.execute(sql`show shared_buffers`);
const sharedBuffers = (r as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers;
await banco.fechar();
console.log(JSON.stringify({ picoMiB: Math.round(process.resourceUsage().maxRSS / 1024), sharedBuffers }));
