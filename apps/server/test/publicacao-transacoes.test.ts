import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import { ambienteComAutoscar } from './ajuda/publicacao.ts';
import { transacoesDurante } from './ajuda/transacoes.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Issue 24 ("Measured": database transactions per send, goal ≤ 3; 15 before, counted so): a send through the routes,
 * incluir + enviar, opens at most 3 database transactions for the send itself — the draft's one read (vehicle, photos,
 * reseller and integration in one statement), the send's transaction (vehicle FOR SHARE + pendente, committed before
 * the channel is called) and the channel's answer — besides the sign-in session check every API request makes (one
 * prepared statement each). Counted at the driver on PGlite and PostgreSQL (test/ajuda/transacoes.ts).
 */
const banco = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let amb: Ambiente;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
beforeAll(async () => {
  ({ amb, chamar, gestor } = await ambienteComAutoscar());
}, 120_000);
afterAll(() => amb.encerrar());

const daSessao = (t: string) => /from "sessoes"/.test(t);

describe(`issue 24: transactions per send (${banco})`, () => {
  it('incluir + enviar (Autoscar): ≤ 3 transactions besides one session check per request; the send still lands', async () => {
    for (let i = 0; i < 3; i++) {
      const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
      expect(v.statusCode, v.body).toBe(200);
      const id = v.json().data.id as string;
      let post: object = {};
      const transacoes = await transacoesDurante(amb.banco, async () => {
        const d = await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id });
        expect(d.statusCode, d.body).toBe(200);
        post = d.json().data.veiculoPost;
        const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post });
        expect(e.statusCode, e.body).toBe(200);
        expect(e.json().data.estado).toBe('publicado');
      });
      expect(transacoes.filter(daSessao)).toHaveLength(2);
      const doEnvio = transacoes.filter((t) => !daSessao(t));
      expect(doEnvio, doEnvio.join('\n')).toHaveLength(3);
      expect(doEnvio[0]).toMatch(/from "veiculos" inner join "revendas" .* left join "revenda_integracoes"/);
      expect(doEnvio[1]).toBe('transação');
      expect(doEnvio[2]).toMatch(/update veiculo_integracoes v set estado = .publicado./);
    }
  });

  it('enviar of a vehicle publishing has not read yet (no incluir before): still 3 (its reseller, the send, the answer)', async () => {
    const rascunho = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const idRascunho = rascunho.json().data.id as string;
    const post = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: idRascunho })).json().data.veiculoPost;
    const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const id = v.json().data.id as string;
    const transacoes = await transacoesDurante(amb.banco, async () => {
      const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post });
      expect(e.statusCode, e.body).toBe(200);
    });
    const doEnvio = transacoes.filter((t) => !daSessao(t));
    expect(doEnvio, doEnvio.join('\n')).toHaveLength(3);
    expect(doEnvio[0]).toMatch(/^select "revenda_id" from "veiculos"/);
    expect(doEnvio[1]).toBe('transação');
  });
});
