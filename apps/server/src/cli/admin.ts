import { MENSAGENS } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/cliente.ts';
import { usuarios } from '../db/schema/index.ts';
import { gerarHashSenha } from '../seguranca/senha.ts';

const entrada = z.object({
  email: z.string().trim().toLowerCase().email(MENSAGENS.emailInvalido),
  senha: z.string().min(8, 'A senha deve ter pelo menos 8 caracteres'),
  nome: z.string().trim().min(1, `nome: ${MENSAGENS.preenchimentoObrigatorio}`),
  empresa: z.string().trim().optional(),
});

/** Creates the admin, or updates name, password and role of an existing account with that e-mail. */
export async function salvarAdmin(db: Db, dados: z.input<typeof entrada>) {
  const r = entrada.safeParse(dados);
  if (!r.success) throw new Error(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const { email, senha, nome, empresa } = r.data;
  const senha_hash = await gerarHashSenha(senha);
  const [existente] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
  if (existente) {
    await db
      .update(usuarios)
      .set({
        nome,
        senha_hash,
        role: 'admin',
        revenda_id: null,
        ativo: 1,
        ...(empresa !== undefined ? { empresa } : {}),
        updated_at: new Date(),
      })
      .where(eq(usuarios.id, existente.id));
    return { email, criado: false };
  }
  await db.insert(usuarios).values({ email, nome, senha_hash, role: 'admin', empresa: empresa ?? null });
  return { email, criado: true };
}
