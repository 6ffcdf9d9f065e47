import { configurarKeycloak } from '../keycloak.ts';
import type { ContextoCanal } from '../tipos.ts';

/** Mobiauto Open API 1.0: Keycloak realm `mobiauto`, dealers at /api/dealer/v1.0/dealers. */
export const configurar = (ctx: ContextoCanal, usuario: string, senha: string) =>
  configurarKeycloak(ctx, 'mobiauto', '/api/dealer/v1.0/dealers', usuario, senha, 'Conectado à Mobiauto.');
