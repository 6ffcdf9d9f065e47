import { configurarKeycloak } from '../keycloak.ts';
import type { ContextoCanal } from '../tipos.ts';

/** iCarros generation 2: Keycloak realm `icarros`, core API `/pj/v1/core`. */
export const configurar = (ctx: ContextoCanal, usuario: string, senha: string) =>
  configurarKeycloak(ctx, 'icarros', '/pj/v1/core/dealers', usuario, senha, 'Conectado ao iCarros.');
