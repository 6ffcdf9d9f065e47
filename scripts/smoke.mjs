// Smoke test of a freshly started panel on the embedded default: the SPA, the API and the demo accounts.
const base = process.argv[2];
let passou = 0;
let falhou = 0;
async function caso(nome, fn) {
  try {
    await fn();
    passou++;
    console.log(`ok - ${nome}`);
  } catch (e) {
    falhou++;
    console.log(`not ok - ${nome}: ${e.message}`);
  }
}
const afirmar = (cond, msg) => {
  if (!cond) throw new Error(msg);
};

await caso('serves the sign-in page', async () => {
  const r = await fetch(`${base}/login`);
  afirmar(r.status === 200 && (await r.text()).includes('<div id="root">'), `status ${r.status}`);
});
await caso('demo admin signs in with demo1234', async () => {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@intermedio.test', senha: 'demo1234' }),
  });
  afirmar(r.status === 200, `status ${r.status}`);
});
await caso('OpenAPI document lists the routes', async () => {
  const doc = await (await fetch(`${base}/api/openapi.json`)).json();
  afirmar(doc.paths['/api/auth/login'], 'sem /api/auth/login');
});
console.log(`# pass ${passou}`);
console.log(`# fail ${falhou}`);
process.exit(falhou ? 1 : 0);
