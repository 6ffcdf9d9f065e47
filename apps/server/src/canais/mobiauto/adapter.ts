import { configurarKeycloak, renovarKeycloak } from '../keycloak.ts';
import type { Canal } from '../tipos.ts';
import { REALM_MOBIAUTO } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoMobiauto } from './publicacao.ts';

export const mobiauto: Canal = {
  meta,
  configurar: (ctx, c) => configurarKeycloak(ctx, REALM_MOBIAUTO, c.email_integrador ?? '', c.senha_integrador ?? ''),
  renovar: (ctx, segredos, dados) => renovarKeycloak(ctx, REALM_MOBIAUTO, segredos, dados),
  publicacao: publicacaoMobiauto,
};
