import { lerTag } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import { aleatorio, aplicarChaves, PUBLICO } from './comum.ts';
import { falhaSoap, respostaSoap } from './soap.ts';
import { registrarHash, sandboxEstoqueWebmotors } from './webmotors-estoque.ts';

/** Webmotors' login service namespace. */
const NS_LOGIN = 'www.webmotors.com.br/wsLoginSistemaRevendedor';

/**
 * Webmotors' login service: autenticar(cnpj, email, senha) → HashAutenticacao, "Erro na Autenticacao" when refused;
 * the stock service (webmotors-estoque.ts) accepts the hashes given here.
 */
export async function sandboxWebmotors(app: FastifyInstance) {
  await sandboxEstoqueWebmotors(app);
  app.post('/wsLoginSistemaRevendedor.asmx', PUBLICO, async (req, reply) => {
    const xml = String(req.body ?? '');
    const [cnpj, email, senha] = ['cnpj', 'email', 'senha'].map((t) => lerTag(xml, t) ?? '');
    const desfecho = await aplicarChaves(req, email, cnpj);
    reply.type('text/xml; charset=utf-8');
    if (desfecho === 'falhar') return reply.code(500).send(falhaSoap('Server was unable to process request.'));
    const recusado = desfecho === 'recusar' || !/^\d{8,14}$/.test(cnpj ?? '') || !senha;
    const hash = recusado ? 'Erro na Autenticacao' : `WM${aleatorio()}${aleatorio()}`;
    if (!recusado) registrarHash(hash, cnpj ?? '');
    return respostaSoap(
      `<autenticarResponse xmlns="${NS_LOGIN}"><autenticarResult><HashAutenticacao>${hash}</HashAutenticacao><CodigoRetorno>${recusado ? '31' : '500'}</CodigoRetorno></autenticarResult></autenticarResponse>`,
    );
  });
}
