import { parseArgs } from 'node:util';
import { lerConfig } from '../config.ts';
import { abrirBanco } from '../db/cliente.ts';
import { salvarAdmin } from './admin.ts';

/** `npm run admin:create -- --email E --senha S --nome N`: creates or updates an admin account. */
const { values } = parseArgs({
  options: { email: { type: 'string' }, senha: { type: 'string' }, nome: { type: 'string' }, empresa: { type: 'string' } },
});
const config = lerConfig();
try {
  const banco = await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const r = await salvarAdmin(banco.db, {
      email: values.email ?? '',
      senha: values.senha ?? '',
      nome: values.nome ?? '',
      empresa: values.empresa,
    });
    console.log(`Administrador ${r.email} ${r.criado ? 'criado' : 'atualizado'}.`);
  } finally {
    await banco.fechar();
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
