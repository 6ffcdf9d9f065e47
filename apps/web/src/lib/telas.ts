import type { ComponentType } from 'react';

/**
 * Who may open a screen (mirror of the server's rules; the server is the authority):
 * - autenticado: any signed-in admin or gestor;
 * - admin: admins only (others → /acesso-negado);
 * - revenda: an admin, or a user whose own reseller is `:idRevenda`;
 * - gestorRevenda: an admin, or the gestor of `:idRevenda`.
 */
export type Regra = 'autenticado' | 'admin' | 'revenda' | 'gestorRevenda';

/** One screen of the route table. Without `pagina` it shows the "em construção" page titled `titulo`. */
export type Tela = {
  caminho: string;
  titulo: string;
  regra: Regra;
  pagina?: () => Promise<{ default: ComponentType }>;
};

/** An ancestor screen in the breadcrumb trail (its path pattern, filled in with the current route's params). */
export type Antecessor = { caminho: string; titulo: string; regra: Regra };

/**
 * `handle` of each route: the screen's name (heading of placeholders, document title), its rule, and the
 * screens above it (breadcrumbs; derived from the paths, see `app/trilha.ts`).
 */
export type DadosRota = { titulo: string; regra?: Regra; trilha?: Antecessor[] };
