import { lerTag } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { falhaSoap, respostaSoap } from './soap.ts';

/** Autoline's SOAP namespace (integradoras.asmx). */
const NS = 'http://api.autoline.com.br/';

/** Autoline `integradoras.asmx`: ConsultarPlanosAdquiridos checks userEmail / userPassword. */
export async function sandboxAutoline(app: FastifyInstance) {
  app.post('/integradoras.asmx', PUBLICO, async (req, reply) => {
    const xml = String(req.body ?? '');
    const email = lerTag(xml, 'userEmail') ?? '';
    const senha = lerTag(xml, 'userPassword') ?? '';
    const desfecho = await aplicarChaves(req, email);
    reply.type('text/xml; charset=utf-8');
    if (desfecho === 'falhar') return reply.code(500).send(falhaSoap('Erro interno do servidor Autoline.'));
    const ok = desfecho === 'ok' && email.includes('@') && senha.length > 0;
    const planos = ok ? '<Planos><PlanoAdquirido><Id>1</Id><Nome>Revenda 30</Nome></PlanoAdquirido></Planos>' : '';
    return respostaSoap(
      `<ConsultarPlanosAdquiridosResponse xmlns="${NS}"><ConsultarPlanosAdquiridosResult><Sucesso>${ok}</Sucesso><Mensagem>${ok ? '' : 'Usuário ou senha inválidos.'}</Mensagem><UserId>${ok ? '7001' : ''}</UserId>${planos}</ConsultarPlanosAdquiridosResult></ConsultarPlanosAdquiridosResponse>`,
    );
  });
}
