// Sums every runner's report into the one line CI reads: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

const dir = process.argv[2];
const ler = (f) => (existsSync(`${dir}/${f}`) ? readFileSync(`${dir}/${f}`, 'utf8') : null);
const partes = [];
for (const f of ['contracts.json', 'web.json', 'server-pglite.json', 'server-pg.json']) {
  const t = ler(f);
  if (!t) throw new Error(`relatório ausente: ${f}`);
  const v = JSON.parse(t);
  partes.push([f, v.numPassedTests, v.numFailedTests, v.numPendingTests + (v.numTodoTests ?? 0)]);
}
const e2e = JSON.parse(ler('e2e.json') ?? 'null')?.stats;
if (!e2e) throw new Error('relatório ausente: e2e.json');
partes.push(['e2e', e2e.expected + e2e.flaky, e2e.unexpected, e2e.skipped]);
// Tests that passed only on their retry (scripts/test.sh gives one): named, so each is fixed rather than forgotten.
const instaveis = [];
const percorrer = (suite) => {
  for (const s of suite.suites ?? []) percorrer(s);
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) if (t.status === 'flaky') instaveis.push(`${spec.file}: ${spec.title}`);
};
for (const s of JSON.parse(ler('e2e.json')).suites ?? []) percorrer(s);
for (const t of instaveis) console.log(`  e2e instável (passou na 2ª tentativa): ${t}`);
const smoke = ler('smoke.tap') ?? '';
const n = (k) => Number((smoke.match(new RegExp(`^# ${k} (\\d+)`, 'm')) ?? [0, 0])[1]);
partes.push(['smoke', n('pass'), n('fail'), 0]);
for (const [nome, p, f, s] of partes) console.log(`  ${nome.padEnd(20)} ${p} passed, ${f} failed, ${s} skipped`);
const [p, f, s] = partes.reduce((a, [, ...x]) => a.map((v, i) => v + x[i]), [0, 0, 0]);
console.log(`${p} passed, ${f} failed, ${s} skipped`);
if (f > 0 || p === 0) process.exit(1);
