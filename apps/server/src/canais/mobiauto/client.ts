import { entrarKeycloak } from '../keycloak.ts';
import type { ContextoCanal } from '../tipos.ts';

/** Mobiauto Open API 1.0: Keycloak realm `mobiauto`, dealers at /api/dealer/v1.0/dealers. */
export const entrar = (ctx: ContextoCanal, email: string, senha: string) =>
  entrarKeycloak(ctx, 'mobiauto', '/api/dealer/v1.0/dealers', email, senha);
