import type { Canal } from '../tipos.ts';
import { loginGuardado, obterHash } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoWebmotors } from './publicacao.ts';

export const webmotors: Canal = {
  meta,
  configurar: (ctx, c) =>
    obterHash(ctx, { cnpj: c.cnpj ?? '', email: c.email_webmotors ?? '', senha: c.senha_webmotors ?? '' }, 'Autenticado na Webmotors.'),
  renovar: (ctx, segredos, dados) => obterHash(ctx, loginGuardado(segredos, dados), 'Hash da Webmotors renovado.'),
  publicacao: publicacaoWebmotors,
};
