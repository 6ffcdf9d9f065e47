import { generateKeyPairSync } from 'node:crypto';
import { contaSandbox } from '@intermedio/sandbox/fcm.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificacoes, usuarios } from '../src/db/schema/index.ts';
import { criarClienteFcm } from '../src/push/fcm.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

let amb: Ambiente;
let base: string;
let admin: Credencial | null;
let gestor: Credencial | null;

type Resposta = { status: number; corpo: { status: string; data: never; campos?: Record<string, string> } };
async function chamar(metodo: string, url: string, c: Credencial | null, corpo?: unknown): Promise<Resposta> {
  const r = await fetch(base + url, {
    method: metodo,
    headers: { ...cabecalhos(c), ...(corpo ? { 'content-type': 'application/json' } : {}) } as Record<string, string>,
    body: corpo ? JSON.stringify(corpo) : undefined,
  });
  return { status: r.status, corpo: (await r.json()) as Resposta['corpo'] };
}
const url = () => `/api/revendas/${amb.ids.revendaA}/notificacoes`;
const enviadas = async () =>
  (
    (await (await fetch(`${base}/sandbox/fcm/_mensagens`)).json()) as {
      data: { token: string; title: string; body: string; data?: { link: string } }[];
    }
  ).data;
const tokenDe = async (id: string) => (await amb.banco.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]?.push_token;

/** Waits until the background job has recorded the reminder's result. */
async function resultado(id: string) {
  const limite = Date.now() + 20_000;
  while (Date.now() < limite) {
    const [n] = await amb.banco.db.select().from(notificacoes).where(eq(notificacoes.id, id));
    if (n && n.lembrete_estado !== 'enviando') return n;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('o lembrete não terminou');
}

beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  admin = await amb.entrar('admin');
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

describe('notifications (admin only, spec 2 §2, §3, §5)', () => {
  it('includes with status 0 and lists; titulo and acesso are required; link must be an address', async () => {
    const r = await chamar('POST', url(), admin, { titulo: '  Feirão sábado  ', link: 'https://autodemo.test/feirao', acesso: 'gestor' });
    expect(r.status).toBe(200);
    expect(r.corpo.data).toMatchObject({ titulo: 'Feirão sábado', status: 0, acesso: 'gestor', lembrete_estado: null });
    const ruim = await chamar('POST', url(), admin, { titulo: ' ', acesso: 'outro', link: 'javascript:alert(1)' });
    expect(ruim.status).toBe(400);
    expect(ruim.corpo.campos).toMatchObject({ titulo: 'Preenchimento obrigatório', acesso: 'Preenchimento obrigatório' });
    expect(ruim.corpo.campos?.link).toMatch(/Link inválido/);
    const lista = await chamar('GET', url(), admin);
    expect((lista.corpo.data as { titulo: string }[]).map((n) => n.titulo)).toEqual(['Feirão sábado']);
    expect((await chamar('GET', url(), gestor)).status).toBe(403);
  });

  it('deletes; a second delete is 404', async () => {
    const r = await chamar('POST', url(), admin, { titulo: 'Apagar', acesso: 'todos' });
    const id = (r.corpo.data as { id: string }).id;
    expect((await chamar('DELETE', `${url()}/${id}`, admin)).corpo.data).toEqual({ mensagem: 'Notificação removida com sucesso!' });
    expect((await chamar('DELETE', `${url()}/${id}`, admin)).status).toBe(404);
  });

  it('one row of the list (live patching) answers as the list shows it, and 404 once deleted', async () => {
    const id = ((await chamar('POST', url(), admin, { titulo: 'Linha', acesso: 'gestor' })).corpo.data as { id: string }).id;
    const naLista = ((await chamar('GET', url(), admin)).corpo.data as { id: string }[]).find((n) => n.id === id);
    expect((await chamar('GET', `${url()}/lista/${id}`, admin)).corpo.data).toEqual(naLista);
    await chamar('DELETE', `${url()}/${id}`, admin);
    expect((await chamar('GET', `${url()}/lista/${id}`, admin)).status).toBe(404);
  });
});

describe('reminders pushed with FCM HTTP v1 through a background job (spec 2 §6, §7)', () => {
  it('no registered device: "Nenhum usuário habilitado para receber notificações."', async () => {
    const n = await chamar('POST', url(), admin, { titulo: 'Sem aparelhos', acesso: 'todos' });
    const r = await chamar('POST', `${url()}/${(n.corpo.data as { id: string }).id}/lembrete`, admin);
    expect(r.status).toBe(422);
    expect(r.corpo.data).toBe('Nenhum usuário habilitado para receber notificações.');
  });

  it('users register their device token (empty forgets it); a token moves to whoever registers it last', async () => {
    expect((await chamar('POST', '/api/usuarios/eu/push-token', gestor, { token: 'tok-gestor-a', plataforma: 'android' })).status).toBe(
      200,
    );
    expect((await chamar('POST', '/api/usuarios/eu/push-token', admin, { token: 'tok-gestor-a' })).status).toBe(200);
    expect(await tokenDe(amb.ids.gestorA)).toBeNull();
    expect(await tokenDe(amb.ids.admin)).toBe('tok-gestor-a');
    expect((await chamar('POST', '/api/usuarios/eu/push-token', admin, { token: '' })).corpo.data).toEqual({
      mensagem: 'Aparelho removido das notificações.',
    });
    expect((await chamar('POST', '/api/usuarios/eu/push-token', gestor, { token: 'tok-gestor-a' })).corpo.data).toEqual({
      mensagem: 'Aparelho registrado para notificações.',
    });
    expect(await tokenDe(amb.ids.gestorA)).toBe('tok-gestor-a');
    expect((await chamar('POST', '/api/usuarios/eu/push-token', null, { token: 'x' })).status).toBe(401);
    // The client (no panel session: the app's sign-in is not part of this panel) has a device too.
    await amb.banco.db.update(usuarios).set({ push_token: 'tok-cliente-a' }).where(eq(usuarios.id, amb.ids.clienteA));
  });

  it('acesso gestor reaches only the gestor; the request answers "enviando" and the job records success (status 1)', async () => {
    const n = await chamar('POST', url(), admin, { titulo: 'Reunião de gestores', link: 'https://autodemo.test/r', acesso: 'gestor' });
    const id = (n.corpo.data as { id: string }).id;
    const antes = (await enviadas()).length;
    const r = await chamar('POST', `${url()}/${id}/lembrete`, admin);
    expect(r.status).toBe(200);
    expect(r.corpo.data).toMatchObject({ lembrete_estado: 'enviando' });
    const fim = await resultado(id);
    expect(fim).toMatchObject({
      lembrete_estado: 'sucesso',
      lembrete_mensagem: 'Envio concluído com sucesso. Lembrete enviado a 1 aparelho.',
      status: 1,
    });
    const novas = (await enviadas()).slice(antes);
    expect(novas).toEqual(
      [
        {
          id: expect.any(String),
          token: 'tok-gestor-a',
          title: 'Lembrete de notificação',
          body: 'Reunião de gestores',
          data: { link: 'https://autodemo.test/r' },
        },
      ].map(({ id: _, ...m }) => expect.objectContaining(m)),
    );
  });

  it('acesso todos: one message per device; an unregistered token fails the send and is removed from its user', async () => {
    await amb.banco.db.update(usuarios).set({ push_token: 'tok-velho-naoregistrado' }).where(eq(usuarios.email, 'inativo@autodemo.test'));
    await amb.banco.db.update(usuarios).set({ ativo: 1 }).where(eq(usuarios.email, 'inativo@autodemo.test'));
    const n = await chamar('POST', url(), admin, { titulo: 'Para todos', acesso: 'todos' });
    const id = (n.corpo.data as { id: string }).id;
    const antes = (await enviadas()).length;
    await chamar('POST', `${url()}/${id}/lembrete`, admin);
    const fim = await resultado(id);
    expect(fim).toMatchObject({
      lembrete_estado: 'erro',
      lembrete_mensagem: 'Erro ao enviar notificação: 2 de 3 aparelhos receberam.',
      status: 0,
    });
    expect(
      (await enviadas())
        .slice(antes)
        .map((m) => m.token)
        .sort(),
    ).toEqual(['tok-cliente-a', 'tok-gestor-a']);
    const [inativo] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, 'inativo@autodemo.test'));
    expect(inativo?.push_token).toBeNull();
    await amb.banco.db.update(usuarios).set({ ativo: 0 }).where(eq(usuarios.email, 'inativo@autodemo.test'));
    // Sent again now that the dead token is gone: complete.
    await chamar('POST', `${url()}/${id}/lembrete`, admin);
    expect(await resultado(id)).toMatchObject({
      lembrete_estado: 'sucesso',
      lembrete_mensagem: 'Envio concluído com sucesso. Lembrete enviado a 2 aparelhos.',
      status: 1,
    });
  });

  it('FCM client: OAuth2 JWT-bearer exchange, per-device results; a key the service does not know is refused', async () => {
    const fcm = criarClienteFcm({ conta: () => contaSandbox(base), base: () => `${base}/sandbox/fcm`, timeoutMs: 3000 });
    const r = await fcm.enviar(['a-ok', 'b-invalido', 'c-naoregistrado', 'd-falhar'], { titulo: 'T', corpo: 'C' });
    expect(r.map((x) => [x.token, x.ok, x.removerToken, x.erro ?? null])).toEqual([
      ['a-ok', true, false, null],
      ['b-invalido', false, true, 'INVALID_ARGUMENT'],
      ['c-naoregistrado', false, true, 'UNREGISTERED'],
      ['d-falhar', false, false, 'INTERNAL'],
    ]);
    const outraChave = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const falso = criarClienteFcm({
      conta: () => ({ ...contaSandbox(base), privateKey: outraChave }),
      base: () => `${base}/sandbox/fcm`,
      timeoutMs: 3000,
    });
    await expect(falso.enviar(['a-ok'], { titulo: 'T', corpo: 'C' })).rejects.toThrow('FCM: autorização recusada (Invalid JWT Signature.)');
  });
});
