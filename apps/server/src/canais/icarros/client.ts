import type { Realm } from '../keycloak.ts';
import type { CatalogoPortal } from '../portais.ts';

/** The catalogue (`/database/*`, channels.md §4) is the same for every dealer: kept in the process (listas.ts). */
export const CATALOGO_ICARROS: CatalogoPortal = { canal: 'icarros', caminhos: /^\/database\// };

/** iCarros generation 2: Keycloak realm `icarros`, core API `/pj/v1/core`. */
export const REALM_ICARROS: Realm = {
  realm: 'icarros',
  caminhoRevendas: '/pj/v1/core/dealers',
  campoLogin: 'email_icarros',
  campoSenha: 'senha_icarros',
  rotulo: 'ao iCarros',
};
