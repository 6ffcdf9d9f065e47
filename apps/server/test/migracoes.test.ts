import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Entrada = { idx: number; tag: string; when: number };
const jornal = JSON.parse(readFileSync(join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: Entrada[];
};

describe('migrações', () => {
  // drizzle applies only the migrations dated after the last one a database has applied: a migration dated before its
  // predecessor is silently skipped on every database already migrated past it (0022 was, for a while).
  it('estão datadas em ordem estrita no jornal, na ordem dos números', () => {
    const fora = jornal.entries.filter((e, i, todas) => i > 0 && e.when <= (todas[i - 1] as Entrada).when).map((e) => e.tag);
    expect(fora).toEqual([]);
    expect(jornal.entries.map((e) => e.idx)).toEqual(jornal.entries.map((_, i) => i));
    expect(jornal.entries.map((e) => e.tag.slice(0, 4))).toEqual(jornal.entries.map((_, i) => String(i).padStart(4, '0')));
  });
});
