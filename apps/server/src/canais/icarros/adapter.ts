import { configurarKeycloak, renovarKeycloak } from '../keycloak.ts';
import type { Canal } from '../tipos.ts';
import { REALM_ICARROS } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoIcarros } from './publicacao.ts';

export const icarros: Canal = {
  meta,
  configurar: (ctx, c) => configurarKeycloak(ctx, REALM_ICARROS, c.email_icarros ?? '', c.senha_icarros ?? ''),
  renovar: (ctx, segredos, dados) => renovarKeycloak(ctx, REALM_ICARROS, segredos, dados),
  publicacao: publicacaoIcarros,
};
