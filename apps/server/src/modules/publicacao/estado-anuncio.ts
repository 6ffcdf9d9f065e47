import type { EstadoAnuncio } from '@intermedio/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The columns the rule reads, of veiculo_integracoes or of an alias of it. */
type ColunasAnuncio = Record<'operacao' | 'estado' | 'desatualizado', AnyColumn>;

/**
 * The one rule of an advert's state as the panel shows it (ESTADOS_ANUNCIO, issue 24), from its veiculo_integracoes
 * row (the table, or an alias of it: `alias(veiculoIntegracoes, 'vi')`): a change in flight (operacao 'alterar') is
 * `emAlteracao`, a published advert whose vehicle changed since its send is 'desatualizado', else the stored state.
 * The vehicle list's badges and filters say 'atualizando'; the dashboards count it as 'pendente' (their four states).
 */
export function estadoAnuncio(vi: ColunasAnuncio, emAlteracao: 'atualizando' | 'pendente' = 'atualizando'): SQL<EstadoAnuncio> {
  return sql<EstadoAnuncio>`case when ${vi.operacao} = 'alterar' then ${sql.raw(`'${emAlteracao}'`)}
    when ${vi.estado} = 'publicado' and ${vi.desatualizado} then 'desatualizado' else ${vi.estado} end`;
}
