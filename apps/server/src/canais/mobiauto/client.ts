import type { Realm } from '../keycloak.ts';
import type { CatalogoPortal } from '../portais.ts';

/** The catalogue (`/api/vehicle/v1.0/*`, channels.md §5) is the same for every dealer: kept in the process (listas.ts). */
export const CATALOGO_MOBIAUTO: CatalogoPortal = { canal: 'mobiauto', caminhos: /^\/vehicle\/v1\.0\// };

/** Mobiauto Open API 1.0: Keycloak realm `mobiauto`, dealers at /api/dealer/v1.0/dealers. */
export const REALM_MOBIAUTO: Realm = {
  realm: 'mobiauto',
  caminhoRevendas: '/api/dealer/v1.0/dealers',
  campoLogin: 'email_integrador',
  campoSenha: 'senha_integrador',
  rotulo: 'à Mobiauto',
};
