import { lerTag, lerTags } from '@intermedio/contracts';
import { listaEmCache, naRodada } from '../listas.ts';
import { ordenarOpcoes } from '../mapeamento.ts';
import type { OpcaoCanal, SessaoCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { elementos } from './client.ts';
import { traduzirCodigos } from './codigos-retorno.ts';
import { operar } from './sessao.ts';

/** Cars and motorcycles are separate catalogues and operations at Webmotors (`ObterMarca` / `ObterMarcaMoto`). */
export type TipoWebmotors = 'carro' | 'moto';
export const sufixo = (tipo: TipoWebmotors) => (tipo === 'moto' ? 'Moto' : '');

/**
 * A catalogue list operation (`Obter*`), through the process cache (listas.ts, 10 minutes): the catalogue is the same
 * for every reseller, only the hash that asks it differs, so it is kept per address, operation and parameters, never
 * per hash. The dealer's modalities (its own quotas) are asked every time, or once per bulk run (`modalidades`).
 */
const lista = <T extends OpcaoCanal>(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  operacao: string,
  linha: string,
  ler: (xml: string) => T,
  parametros = '',
): Promise<Resultado<T[]>> =>
  listaEmCache(`webmotors|${ctx.base}|${operacao}|${parametros}`, () => listaDaRevenda(ctx, sessao, operacao, linha, ler, parametros));

/** A list operation: each row (`linha`) read into an option (`id`, `nome` and extra fields), sorted by name. */
async function listaDaRevenda<T extends OpcaoCanal>(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  operacao: string,
  linha: string,
  ler: (xml: string) => T,
  parametros = '',
): Promise<Resultado<T[]>> {
  const r = await operar(ctx, sessao, operacao, parametros);
  if (!r.ok) return r;
  const linhas = lerTags(r.valor, linha);
  const recusa = linhas.map((l) => lerTag(l, 'CodigoRetorno') ?? '500').find((c) => c !== '500');
  if (recusa) return falha('rejected', traduzirCodigos(recusa));
  return ok(ordenarOpcoes(linhas.map(ler)));
}

const opcao = (id: string, nome: string) => (xml: string) => ({ id: lerTag(xml, id) ?? '', nome: lerTag(xml, nome) ?? '' });

export const marcas = (ctx: ContextoCanal, s: SessaoCanal, tipo: TipoWebmotors) =>
  lista(ctx, s, `ObterMarca${sufixo(tipo)}`, 'MarcaWM', opcao('CodigoMarca', 'NomeMarca'));

export const modelos = (ctx: ContextoCanal, s: SessaoCanal, tipo: TipoWebmotors, marca: string) =>
  lista(ctx, s, `ObterModelo${sufixo(tipo)}`, 'ModeloWM', opcao('CodigoModelo', 'NomeModelo'), elementos([['pCodigoMarca', marca]]));

/** Versions changed in any period: the whole catalogue of the model. */
export const versoes = (ctx: ContextoCanal, s: SessaoCanal, tipo: TipoWebmotors, modelo: string) =>
  lista(
    ctx,
    s,
    `ObterVersao${sufixo(tipo)}`,
    'Versao',
    opcao('CodigoVersao', 'NomeVersao'),
    elementos([
      ['pCodigoModelo', modelo],
      ['pDataInicioAtualizacao', '1900-01-01'],
      ['pDataFimAtualizacao', new Date().toISOString().slice(0, 10)],
    ]),
  );

export const cores = (ctx: ContextoCanal, s: SessaoCanal) => lista(ctx, s, 'ObterCores', 'CorWM', opcao('CodigoCor', 'Descricao'));
export const combustiveis = (ctx: ContextoCanal, s: SessaoCanal) =>
  lista(ctx, s, 'ObterCombustivel', 'CombustivelWM', opcao('CodigoCombustivel', 'Descricao'));
export const cambios = (ctx: ContextoCanal, s: SessaoCanal) =>
  lista(ctx, s, 'ObterCambio', 'TipoCambioWM', opcao('CodigoCambio', 'Descricao'));
export const opcionais = (ctx: ContextoCanal, s: SessaoCanal) =>
  lista(ctx, s, 'ObterOpcionais', 'OpcionalWM', opcao('CodigoOpcional', 'Descricao'));
/** The dealer's modalities (its quotas): asked every time, or once per bulk run (`naRodada`). */
export const modalidades = (ctx: ContextoCanal, s: SessaoCanal) =>
  naRodada(ctx, 'webmotors|ObterModalidade', () =>
    listaDaRevenda(ctx, s, 'ObterModalidade', 'ModalidadeWM', (xml) => ({
      ...opcao('CodigoModalidade', 'Descricao')(xml),
      tipoAnuncio: lerTag(xml, 'TipoAnuncio') ?? '',
    })),
  );
