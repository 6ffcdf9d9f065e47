import type { Realm } from '../keycloak.ts';

/** iCarros generation 2: Keycloak realm `icarros`, core API `/pj/v1/core`. */
export const REALM_ICARROS: Realm = {
  realm: 'icarros',
  caminhoRevendas: '/pj/v1/core/dealers',
  campoLogin: 'email_icarros',
  campoSenha: 'senha_icarros',
  rotulo: 'ao iCarros',
};
