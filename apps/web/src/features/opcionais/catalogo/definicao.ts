import type { MensagensCatalogo } from '@intermedio/contracts';

/**
 * One shared catalogue as its screens need it. Optionals and ad locations have the same fields, rules and
 * screens (spec 2 §2): the pages in this folder take one of these and serve both.
 */
export type DefinicaoCatalogo = {
  /** Key of the query-key factory (chaves.opcionais / chaves.locaisAnuncio): live events invalidate it. */
  chave: 'opcionais' | 'locaisAnuncio';
  /** API resource, e.g. /api/opcionais. */
  api: string;
  /** Name of the id parameter in the page address. */
  parametro: 'idOpcional' | 'idLocalAnuncio';
  /** Heading of the list, and the singular noun with its article for the other titles. */
  titulo: string;
  singular: string;
  novo: string;
  /** What the list is for, said when it is empty. */
  paraQue: string;
  mensagens: MensagensCatalogo;
  rotas: {
    listar: () => string;
    incluir: () => string;
    alterar: (id: string) => string;
    excluir: (id: string) => string;
  };
};
