import { expect } from 'vitest';
import { type Ambiente, type Credencial, cabecalhos } from './ambiente.ts';

/** Pages of the Graph sandbox's demo account: reseller A's Facebook page and its linked Instagram account. */
export const PAGINA_FB = '100000000000001';
export const CONTA_IG = '17841400000000001';

/** Configures Facebook and Instagram for reseller A against the Graph sandbox (token, page, Instagram account). */
export async function configurarRedesSociais(amb: Ambiente, c: Credencial | null) {
  const id_revenda = amb.ids.revendaA;
  const chamar = (url: string, payload: object) => amb.app.inject({ method: 'POST', url, headers: cabecalhos(c), payload });
  for (const canal of ['facebook', 'instagram'] as const) {
    const r = await chamar(`/api/integracao/${canal}/configurar`, { id_revenda, access_token: 'sbx.demo.teste' });
    expect(r.statusCode, r.body).toBe(200);
  }
  const fb = await chamar('/api/integracao/facebook/configurar-pagina', {
    id_revenda,
    page_id: PAGINA_FB,
    page_name: 'Auto Demo Veículos',
    page_access_token: `sbxpage.${PAGINA_FB}`,
  });
  expect(fb.statusCode, fb.body).toBe(200);
  const ig = await chamar('/api/integracao/instagram/configurar-pagina', { id_revenda, page_id: CONTA_IG, page_name: 'autodemoveiculos' });
  expect(ig.statusCode, ig.body).toBe(200);
}
