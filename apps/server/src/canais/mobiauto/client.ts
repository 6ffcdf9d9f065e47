import type { Realm } from '../keycloak.ts';

/** Mobiauto Open API 1.0: Keycloak realm `mobiauto`, dealers at /api/dealer/v1.0/dealers. */
export const REALM_MOBIAUTO: Realm = {
  realm: 'mobiauto',
  caminhoRevendas: '/api/dealer/v1.0/dealers',
  campoLogin: 'email_integrador',
  campoSenha: 'senha_integrador',
  rotulo: 'à Mobiauto',
};
