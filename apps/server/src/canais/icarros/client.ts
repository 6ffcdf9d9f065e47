import { entrarKeycloak } from '../keycloak.ts';
import type { ContextoCanal } from '../tipos.ts';

/** iCarros generation 2: Keycloak realm `icarros`, core API `/pj/v1/core`. */
export const entrar = (ctx: ContextoCanal, email: string, senha: string) =>
  entrarKeycloak(ctx, 'icarros', '/pj/v1/core/dealers', email, senha);
