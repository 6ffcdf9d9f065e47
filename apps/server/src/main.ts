import { buildApp } from './app.ts';
import { ErroConfiguracao, lerConfig } from './config.ts';
import { CONTAS_DEMO, SENHA_DEMO } from './db/demo.ts';
import { desligarAoSinal } from './operacao/desligamento.ts';
import { nivelPorSinal } from './operacao/nivel-log.ts';

const inicio = performance.now();
let config: ReturnType<typeof lerConfig>;
try {
  config = lerConfig();
} catch (e) {
  if (e instanceof ErroConfiguracao) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

const { app, semeado, banco, instancia, tarefas } = await buildApp(config);
// Fastify logs each listening address at info; the banner below says it once (the console: banner, warnings, errors).
const nivel = app.log.level;
if (nivel === 'info') app.log.level = 'warn';
const ouvindo = await app.listen({ port: config.port, host: config.host });
app.log.level = nivel;
const endereco = config.port === 0 ? ouvindo : config.publicUrl;
console.log(`\nIntermédio ${banco.tipo === 'pglite' ? `(banco embutido em ${config.dataDir})` : '(PostgreSQL)'} no ar em ${endereco}`);
console.log(`Pronto em ${Math.round(performance.now() - inicio)} ms. Documentação da API: ${endereco}/api/docs`);
if (config.seedDemo) {
  console.log(`${semeado ? 'Dados de demonstração criados' : 'Contas de demonstração'} (senha ${SENHA_DEMO}):`);
  for (const c of CONTAS_DEMO) console.log(`  ${c.email.padEnd(26)} ${c.descricao}`);
}

// SIGTERM / SIGINT: graceful shutdown (operacao/desligamento.ts, docs/desligamento.md).
desligarAoSinal({ app, instancia, tarefas }, { limiteMs: config.desligamentoSegundos * 1000, log: (m) => app.log.warn(m) });
nivelPorSinal(app); // SIGUSR2: next log level (README)
