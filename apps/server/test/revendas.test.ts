import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salvarAdmin } from '../src/cli/admin.ts';
import { revendas, usuarios } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, login } from './ajuda/ambiente.ts';

let amb: Ambiente;
let admin: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.entrar('admin');
});
afterAll(() => amb.encerrar());

const minimo = { perazao_social_nome: 'Responsável', peemail: 'loja@exemplo.com.br' };
const chamar = (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, c: Credencial | null, payload?: unknown) =>
  amb.app.inject({ method: metodo, url, headers: cabecalhos(c), payload: payload as object });
const criar = async (nome: string, plano: string, extra: object = {}) => {
  const r = await chamar('POST', '/api/revendas', admin, { ...minimo, penome_fantasia: nome, plano, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as string;
};

describe('reseller lists (spec 1 §2)', () => {
  it('lists plans above basico sorted by plan then store name, and the basic plan apart, sorted by name', async () => {
    await criar('zeta Motors', 'vendedor');
    await criar('Alfa Carros', 'showroom');
    await criar('beta Veículos', 'vendedor');
    await criar('Gama Free', 'basico');
    const pagos = (await chamar('GET', '/api/revendas', admin)).json().data as { penome_fantasia: string; plano: string }[];
    const nomes = pagos.map((r) => r.penome_fantasia);
    expect(nomes.indexOf('beta Veículos')).toBeLessThan(nomes.indexOf('zeta Motors'));
    expect(nomes.indexOf('zeta Motors')).toBeLessThan(nomes.indexOf('Alfa Carros'));
    expect(nomes.indexOf('Alfa Carros')).toBeLessThan(nomes.indexOf('Auto Demo Veículos'));
    expect(pagos.every((r) => r.plano !== 'basico')).toBe(true);
    const basico = (await chamar('GET', '/api/revendas?plano=basico', admin)).json().data as { penome_fantasia: string }[];
    expect(basico.map((r) => r.penome_fantasia)).toEqual(['Gama Free', 'Motos Básico']);
  });

  it('shows days active, user counts and the admin notes', async () => {
    await amb.banco.db
      .update(revendas)
      .set({ created_at: sql`now() - interval '10 days'`, peobsadm: 'Cliente desde 2020' })
      .where(eq(revendas.id, amb.ids.revendaA));
    const linha = (await chamar('GET', '/api/revendas', admin)).json().data.find((r: { id: string }) => r.id === amb.ids.revendaA);
    expect(linha).toMatchObject({
      dias_ativo: 10,
      usuarios_total: 3,
      usuarios_bloqueados: 1,
      peobsadm: 'Cliente desde 2020',
      pevalormensalidade: '1490.00',
    });
  });
});

describe('include and change (spec 1 §5)', () => {
  it('refuses missing required fields with "Preenchimento obrigatório" and stores nothing', async () => {
    const antes = (await amb.banco.db.select().from(revendas)).length;
    const r = await chamar('POST', '/api/revendas', admin, { penome_fantasia: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toMatchObject({
      perazao_social_nome: 'Preenchimento obrigatório',
      penome_fantasia: 'Preenchimento obrigatório',
      peemail: 'Preenchimento obrigatório',
      plano: 'Preenchimento obrigatório',
    });
    expect((await amb.banco.db.select().from(revendas)).length).toBe(antes);
  });

  it('stores the street number only when numeric, money exactly, resources with their defaults', async () => {
    const id = await criar('Numérica', 'familiar', {
      peendereco_fiscal_numero: '45',
      pevalormensalidade: '2.345,60',
      petelefone1: '(11) 91234-5678',
    });
    const r = (await chamar('GET', `/api/revendas/${id}`, admin)).json().data;
    expect(r).toMatchObject({ peendereco_fiscal_numero: 45, pevalormensalidade: '2345.60', petelefone1: '(11) 91234-5678' });
    expect(r.recursos).toEqual({ historico: true, locais_anuncio: true, marca_dagua: true, site_revenda: false, solicitacao_arte: true });
    const semNumero = await criar('Sem número', 'familiar', { peendereco_fiscal_numero: 'S/N' });
    expect((await chamar('GET', `/api/revendas/${semNumero}`, admin)).json().data.peendereco_fiscal_numero).toBeNull();
  });

  it('offers basico on include only to an admin whose empresa is ff', async () => {
    await salvarAdmin(amb.banco.db, { email: 'comum@intermedio.test', senha: 'senhaforte1', nome: 'Admin Comum' });
    const comum = await login(amb, 'comum@intermedio.test', 'senhaforte1');
    const r = await chamar('POST', '/api/revendas', comum, { ...minimo, penome_fantasia: 'Free', plano: 'basico' });
    expect(r.statusCode).toBe(400);
    expect(r.json().data).toBe('O plano básico só pode ser escolhido por um administrador da empresa ff.');
    expect((await chamar('POST', '/api/revendas', comum, { ...minimo, penome_fantasia: 'Paga', plano: 'vendedor' })).statusCode).toBe(200);
  });

  it('refuses a logo address that is not a stored upload', async () => {
    const r = await chamar('POST', '/api/revendas', admin, {
      ...minimo,
      penome_fantasia: 'X',
      plano: 'vendedor',
      logotipo: 'https://evil.test/a.png',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos.logotipo).toBe('Imagem inválida: envie o arquivo pelo formulário.');
  });

  it('a gestor changes its own reseller but not plan, fee or admin notes, and never sees the notes', async () => {
    const gestor = await amb.entrar('gestorA');
    const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}`, admin)).json().data;
    const versao = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}`, gestor)).json().data.updated_at;
    const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}`, gestor, {
      versao,
      ...atual,
      pecidade: 'Campinas',
      plano: 'basico',
      pevalormensalidade: '1',
      peobsadm: 'apagado',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ pecidade: 'Campinas', plano: 'concessionaria', peobsadm: null });
    const visto = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}`, admin)).json().data;
    expect(visto).toMatchObject({ pecidade: 'Campinas', pevalormensalidade: atual.pevalormensalidade, peobsadm: atual.peobsadm });
  });
});

describe('block and delete (spec 1 §2, §4)', () => {
  it('blocking app access sets ativo 0 on every active user and their open sessions stop at once; unblocking turns them back', async () => {
    const gestor = await login(amb, 'gestor@autodemo.test', 'demo1234', '10.9.0.1');
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/usuarios/ativo`, admin, { ativo: 0 });
    expect(r.json().data).toEqual({ usuarios: 2 }); // the inactive gestor was already off
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaA}`, gestor)).statusCode).toBe(401);
    const bloqueados = await amb.banco.db.select().from(usuarios).where(eq(usuarios.revenda_id, amb.ids.revendaA));
    expect(bloqueados.map((u) => u.ativo)).toEqual([0, 0, 0]);
    await chamar('POST', `/api/revendas/${amb.ids.revendaA}/usuarios/ativo`, admin, { ativo: 1 });
    const todos = await amb.banco.db.select().from(usuarios).where(eq(usuarios.revenda_id, amb.ids.revendaA));
    expect(Object.fromEntries(todos.map((u) => [u.email, u.ativo]))).toEqual({
      'gestor@autodemo.test': 1,
      'cliente@autodemo.test': 1,
      'inativo@autodemo.test': 0,
    });
  });

  it('blocks and unblocks the site', async () => {
    await chamar('POST', `/api/revendas/${amb.ids.revendaB}/site/ativo`, admin, { ativo: 0 });
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaB}`, admin)).json().data.ativo).toBe(0);
    const invalido = await chamar('POST', `/api/revendas/${amb.ids.revendaB}/site/ativo`, admin, { ativo: 2 });
    expect(invalido.statusCode).toBe(400);
  });

  it('deleting removes the reseller and all its users', async () => {
    const id = await criar('Para remover', 'vendedor');
    await amb.banco.db.insert(usuarios).values({ email: 'u1@remover.test', nome: 'U1', role: 'gestor', revenda_id: id, senha_hash: 'x' });
    const r = await chamar('DELETE', `/api/revendas/${id}`, admin);
    expect(r.json()).toEqual({ status: 'success', data: { usuarios: 1 } });
    expect(await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, 'u1@remover.test'))).toEqual([]);
    expect((await chamar('GET', `/api/revendas/${id}`, admin)).statusCode).toBe(404);
  });

  it('a failure half-way deletes nothing ("Falha ao remover revenda!")', async () => {
    const id = await criar('Falha', 'vendedor');
    await amb.banco.db.insert(usuarios).values({ email: 'u2@falha.test', nome: 'U2', role: 'gestor', revenda_id: id, senha_hash: 'x' });
    // Simulates a failure after the users were deleted: the reseller row refuses to go.
    await amb.banco.db.execute(
      sql.raw(`create function impedir() returns trigger language plpgsql as $$ begin
      if old.id = '${id}' then raise exception 'falha simulada'; end if; return old; end $$`),
    );
    await amb.banco.db.execute(sql`create trigger impedir before delete on revendas for each row execute function impedir()`);
    try {
      const r = await chamar('DELETE', `/api/revendas/${id}`, admin);
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ status: 'error', data: 'Falha ao remover revenda!' });
      expect(await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, 'u2@falha.test'))).toHaveLength(1);
    } finally {
      await amb.banco.db.execute(sql`drop trigger impedir on revendas`);
    }
  });
});
