import { CANAIS, type CanalId } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, criarAmbiente, ouvir } from '../../test/ajuda/ambiente.ts';
import { contextoDoCanal, lerConfigCanais } from './config.ts';
import { CANAIS_REGISTRADOS } from './registro.ts';
import type { ContextoCanal } from './tipos.ts';

/** The shared contract suite: every channel's adapter against its sandbox, in the channel's own protocol. */
let amb: Ambiente;
let base: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
});
afterAll(() => amb.encerrar());

/** The context the server builds: this server's sandboxes, the OLX / Mercado Livre authorization host under /auth. */
const ctx = (canal: CanalId, timeoutMs = 5000): ContextoCanal =>
  contextoDoCanal(lerConfigCanais({ CANAIS_TIMEOUT_MS: String(timeoutMs) }), canal, base, base);

/** Valid credentials per portal; `chave` is the field the sandbox switches read. */
const PORTAIS: Record<string, { credenciais: Record<string, string>; chave: string }> = {
  autoscar: { credenciais: { id_autoscar: '123' }, chave: 'id_autoscar' },
  webmotors: {
    credenciais: { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 's' },
    chave: 'email_webmotors',
  },
  olx: { credenciais: { code_olx: 'codigo' }, chave: 'code_olx' },
  mercadolivre: { credenciais: { code_ml: 'codigo' }, chave: 'code_ml' },
  autoline: { credenciais: { email_autoline: 'loja@autodemo.test', senha_autoline: 's' }, chave: 'email_autoline' },
  icarros: { credenciais: { email_icarros: 'loja@autodemo.test', senha_icarros: 's' }, chave: 'email_icarros' },
  meucarronovo: { credenciais: { email_meucarronovo: 'loja', senha_meucarronovo: 's' }, chave: 'email_meucarronovo' },
  mobiauto: { credenciais: { email_integrador: 'loja@autodemo.test', senha_integrador: 's' }, chave: 'email_integrador' },
};
const valorChave = (canal: string, palavra: 'recusar' | 'falhar' | 'travar') =>
  canal === 'autoscar' ? { recusar: '404', falhar: '500', travar: '408' }[palavra] : `${palavra}@autodemo.test`;

describe('channel registry', () => {
  it('has the ten channels, each with its metadata', () => {
    expect(Object.keys(CANAIS_REGISTRADOS).sort()).toEqual([...CANAIS].sort());
    for (const [id, c] of Object.entries(CANAIS_REGISTRADOS)) {
      expect(c.meta.id).toBe(id);
      expect(c.meta.habilidades).toContain('configurar');
      // An ability is declared exactly when the adapter implements it.
      expect(Boolean(c.revogar)).toBe(c.meta.habilidades.includes('revogar'));
      expect(Boolean(c.configurarPagina)).toBe(c.meta.habilidades.includes('configurarPagina'));
      expect(Boolean(c.renovar)).toBe(c.meta.habilidades.includes('renovar'));
    }
    expect(CANAIS_REGISTRADOS.autoscar.meta.contrato).toBe('projetado');
    expect([
      CANAIS_REGISTRADOS.autoscar.meta.soAdmin,
      CANAIS_REGISTRADOS.olx.meta.soAdmin,
      CANAIS_REGISTRADOS.mercadolivre.meta.soAdmin,
    ]).toEqual([true, true, false]);
  });
});

describe.each(Object.entries(PORTAIS))('%s adapter against its sandbox', (canal, { credenciais, chave }) => {
  const adaptador = CANAIS_REGISTRADOS[canal as CanalId];

  it('accepts valid credentials', async () => {
    const r = await adaptador.configurar(ctx(canal as CanalId), credenciais);
    expect(r.ok, JSON.stringify(r)).toBe(true);
  });

  it('reports refused credentials as such', async () => {
    const r = await adaptador.configurar(ctx(canal as CanalId), { ...credenciais, [chave]: valorChave(canal, 'recusar') });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(['auth', 'validation']).toContain(r.erro.tipo);
  });

  it('reports a channel failure as transient', async () => {
    const r = await adaptador.configurar(ctx(canal as CanalId), { ...credenciais, [chave]: valorChave(canal, 'falhar') });
    expect(r.ok ? null : r.erro.tipo).toBe('transient');
  });

  it('gives up after its time limit when the channel does not answer', async () => {
    const inicio = Date.now();
    const r = await adaptador.configurar(ctx(canal as CanalId, 300), { ...credenciais, [chave]: valorChave(canal, 'travar') });
    expect(r.ok ? null : r.erro).toMatchObject({ tipo: 'transient', mensagem: expect.stringContaining('tempo esgotado') });
    expect(Date.now() - inicio).toBeLessThan(3000);
  });
});

describe.each(['facebook', 'instagram'] as const)('%s adapter against the Graph sandbox', (canal) => {
  const adaptador = CANAIS_REGISTRADOS[canal];
  it('exchanges the user token, links a page, revokes', async () => {
    const r = await adaptador.configurar(ctx(canal), { access_token: 'sbx.demo.abc' });
    expect(r.ok && r.valor.dados).toMatchObject({ user_id: '900000000000001', user_name: 'Usuário Demo' });
    const segredos = r.ok ? r.valor.segredos : {};
    expect(segredos.user_token).toMatch(/^sbxlong\.demo\./);
    const p = await adaptador.configurarPagina?.(
      ctx(canal),
      { id: '100000000000001', nome: 'Auto Demo Veículos', token: 'sbxpage.100000000000001' },
      segredos,
    );
    expect(p?.ok && p.valor.dados).toEqual({ page_id: '100000000000001', page_name: 'Auto Demo Veículos' });
    expect((await adaptador.revogar?.(ctx(canal), segredos))?.ok).toBe(true);
  });
  it('refuses an invalid token and an unknown Instagram account', async () => {
    const r = await adaptador.configurar(ctx(canal), { access_token: 'nao-e-token' });
    expect(r.ok ? null : r.erro.tipo).toBe('auth');
    const ig = await adaptador.configurarPagina?.(
      ctx(canal),
      { id: '17849999999999999', nome: '', token: '' },
      { user_token: 'sbxlong.demo.x' },
    );
    expect(ig?.ok).toBe(false);
  });
});
