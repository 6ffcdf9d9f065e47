import { FLAGS_WEBMOTORS, lerTag, lerTags, type PostWebmotors } from '@intermedio/contracts';
import sharp from 'sharp';
import type { AnuncioCanal, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, type ErroCanal, falha, ok, type Resultado } from '../tipos.ts';
import type { TipoWebmotors } from './catalogo.ts';
import { elementos } from './client.ts';
import { separarCodigos, traduzirCodigos } from './codigos-retorno.ts';
import { operar } from './sessao.ts';

/** Recommended photo size and the most photos an advert takes (channels.md §3). */
const FOTO_MAX = { largura: 1920, altura: 1440 };
const MAX_FOTOS = 20;
/** ExcluirCarro's reason; the list of reasons is not public, the clients seen send 1. */
const MOTIVO_EXCLUSAO = 1;

/** pAnuncio in the WSDL's element order; PrecoVenda = PrecoReal (spec 3 §9); `referencia` finds it again later. */
export function xmlAnuncio(post: PostWebmotors, codigoAnuncio: string, referencia: string): string {
  const preco = post.PrecoReal.toFixed(2);
  const opcional = post.Opcional.map((c) => `<OpcionalWM>${elementos([['CodigoOpcional', c]])}</OpcionalWM>`).join('');
  return `<pAnuncio>${elementos([
    ['CodigoAnuncio', codigoAnuncio],
    ['CodigoModalidade', post.CodigoModalidade],
    ['TipoAnuncio', post.TipoAnuncio],
    ['CodigoMarca', post.CodigoMarca],
    ['CodigoModelo', post.CodigoModelo],
    ['CodigoVersao', post.CodigoVersao],
    ['AnoDoModelo', post.AnoDoModelo],
    ['AnoFabricacao', post.AnoFabricacao],
    ['Km', post.Km],
    ['Placa', post.Placa],
    ['NrPortas', post.NrPortas],
    ['CodigoCambio', post.CodigoCambio],
    ['CodigoCor', post.CodigoCor],
    ['CodigoCombustivel', post.CodigoCombustivel],
    ['PrecoVenda', preco],
    ['PrecoReal', preco],
    ['Observacao', post.Observacao],
    ...FLAGS_WEBMOTORS.map((f): [string, string] => [f.campo, post[f.campo]]),
  ])}<Opcional>${opcional}</Opcional>${elementos([['CodigoReferencia', referencia]])}</pAnuncio>`;
}

/** A refusal in Webmotors' codes, translated (spec 3 §8.3); the kind tells the framework whether to retry. */
export function recusa(codigos: string): Resultado<never> {
  const lista = separarCodigos(codigos);
  const tipo: ErroCanal['tipo'] = lista.includes('32')
    ? 'transient'
    : lista.some((c) => ['43|32', '43|33', '43|34'].includes(c))
      ? 'quota'
      : 'validation';
  const texto = traduzirCodigos(codigos || '32');
  return { ok: false, erro: { tipo, mensagem: texto, detalhe: codigos, texto } };
}

/** The vehicle's photos as Webmotors takes them: JPEG within 1920×1440, from the stored original. */
export async function prepararFotos(ctx: ContextoCanal, v: VeiculoParaCanal): Promise<Resultado<string[]>> {
  const fotos = v.fotos.slice(0, MAX_FOTOS);
  if (fotos.length > 0 && !ctx.lerArquivo) return falha('transient', 'as fotos do veículo não estão acessíveis ao envio');
  // The photos are read and checked side by side (a send waits for the slowest, not for the sum); the first one in
  // order that fails is the one reported.
  const prontas = await Promise.all(fotos.map((foto, i) => prepararFoto(ctx, foto.chave, i + 1)));
  const recusada = prontas.find((p) => !p.ok);
  return recusada && !recusada.ok ? recusada : ok(prontas.map((p) => (p.ok ? p.valor : '')));
}

/** One photo as Webmotors takes it (base64 JPEG within 1920×1440), or why not. */
async function prepararFoto(ctx: ContextoCanal, chave: string, n: number): Promise<Resultado<string>> {
  const original = await ctx.lerArquivo?.(chave).catch(() => null);
  if (!original) return falha('validation', `a foto ${n} do veículo não foi encontrada no armazenamento`);
  const info = await sharp(original)
    .metadata()
    .catch(() => null);
  if (!info) return falha('validation', `a foto ${n} do veículo não é uma imagem válida`);
  const cabe = (info.width ?? 0) <= FOTO_MAX.largura && (info.height ?? 0) <= FOTO_MAX.altura;
  const jpeg =
    info.format === 'jpeg' && cabe && !info.orientation
      ? original
      : await sharp(original)
          .rotate()
          .resize(FOTO_MAX.largura, FOTO_MAX.altura, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 85 })
          .toBuffer();
  return ok(jpeg.toString('base64'));
}

/** A stock operation's name for the vehicle type: IncluirCarro / IncluirMoto… */
const doTipo = (operacao: string, tipo: TipoWebmotors) => `${operacao}${tipo === 'moto' ? 'Moto' : 'Carro'}`;

/** Replaces the advert's photos: the ones Webmotors has are removed, then each is sent (one call per photo). */
async function enviarFotos(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  alvo: { codigo: string; tipo: TipoWebmotors },
  fotos: string[],
  substituir: boolean,
) {
  const { codigo } = alvo;
  const erros: string[] = [];
  if (substituir) {
    const r = await operar(ctx, sessao, doTipo('ObterFotos', alvo.tipo), elementos([['pCodigoAnuncio', codigo]]));
    if (!r.ok) return [r.erro.mensagem];
    for (const linha of lerTags(r.valor, 'DetalheFotoWM')) {
      const x = await operar(
        ctx,
        sessao,
        'ExcluirFoto',
        elementos([
          ['pCodigoFoto', lerTag(linha, 'CodigoFotoAnuncio') ?? '0'],
          ['pCodigoAnuncio', codigo],
        ]),
      );
      if (!x.ok) erros.push(x.erro.mensagem);
    }
  }
  for (const [i, base64] of fotos.entries()) {
    const r = await operar(
      ctx,
      sessao,
      'IncluirFoto',
      elementos([
        ['pByteImage', base64],
        ['pCodigoAnuncio', codigo],
      ]),
    );
    const cod = r.ok ? (lerTag(r.valor, 'CodigoRetorno') ?? '') : '';
    if (!r.ok) erros.push(`foto ${i + 1}: ${r.erro.mensagem}`);
    else if (cod !== '500') erros.push(`foto ${i + 1}: ${traduzirCodigos(cod)}`);
  }
  return erros;
}

/**
 * IncluirCarro / IncluirMoto, or AlterarCarro / AlterarMoto with the advert's code; CodigoAnuncio 0 is a refusal.
 * Photos follow the advert (Webmotors takes them one call at a time once it exists); a photo refused after the advert
 * was created does not undo it: it is reported in `dados.errosFotos`.
 */
export async function gravarAnuncio(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  v: VeiculoParaCanal,
  post: PostWebmotors,
  alvo: { idAnuncio?: string; referencia: string },
): Promise<Resultado<AnuncioCanal>> {
  const tipo: TipoWebmotors = v.tipo === 'moto' ? 'moto' : 'carro';
  const fotos = await prepararFotos(ctx, v);
  if (!fotos.ok) return fotos;
  const operacao = doTipo(alvo.idAnuncio ? 'Alterar' : 'Incluir', tipo);
  const r = await operar(ctx, sessao, operacao, xmlAnuncio(post, alvo.idAnuncio ?? '0', alvo.referencia));
  if (!r.ok) return r;
  const codigo = lerTag(r.valor, 'CodigoAnuncio') ?? '0';
  const retorno = lerTag(r.valor, 'CodigoRetorno') ?? '';
  if (!Number(codigo)) return recusa(retorno);
  const errosFotos = await enviarFotos(ctx, sessao, { codigo, tipo }, fotos.valor, Boolean(alvo.idAnuncio));
  return ok({
    idAnuncio: codigo,
    dados: { CodigoAnuncio: codigo, CodigoRetorno: retorno, ...(errosFotos.length ? { errosFotos } : {}) },
    confirmacao: 'imediata',
  });
}

/**
 * ExcluirCarro, or ExcluirMoto when Webmotors does not know the code as a car. "No advert in this situation" (43|98)
 * or a code unknown as car and as motorcycle (43|40) means it is gone already (spec 3 §4).
 */
export async function excluirAnuncio(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  idAnuncio: string,
): Promise<Resultado<'removido' | 'jaRemovido'>> {
  let codigo = '';
  for (const tipo of ['carro', 'moto'] as const) {
    const r = await operar(
      ctx,
      sessao,
      doTipo('Excluir', tipo),
      elementos([
        ['pCodigoAnuncio', idAnuncio],
        ['pMotivoExclusao', MOTIVO_EXCLUSAO],
      ]),
    );
    if (!r.ok) return r;
    codigo = lerTag(r.valor, 'CodigoRetorno') ?? '';
    if (codigo === '500') return ok('removido');
    if (codigo === '43|98') return ok('jaRemovido');
    if (codigo !== '43|40') return recusa(codigo);
  }
  return ok('jaRemovido');
}

/** Reconciliation: the dealer's current stock, searched by advert code or by the integrator's reference. */
export async function procurarAnuncio(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  ref: { chave: string; idAnuncio?: string },
): Promise<Resultado<AnuncioCanal | null>> {
  const r = await operar(ctx, sessao, 'ObterEstoqueAtual');
  if (!r.ok) return r;
  const achado = lerTags(r.valor, 'Anuncio').find(
    (a) => (ref.idAnuncio && lerTag(a, 'CodigoAnuncio') === ref.idAnuncio) || lerTag(a, 'CodigoReferencia') === ref.chave,
  );
  if (!achado) return ok(null);
  const codigo = lerTag(achado, 'CodigoAnuncio') ?? '';
  return ok({ idAnuncio: codigo, dados: { CodigoAnuncio: codigo, CodigoRetorno: '500' }, confirmacao: 'imediata' });
}

/** The stored advert (for `alterar-get`), or null. */
export async function lerAnuncio(ctx: ContextoCanal, sessao: SessaoCanal, idAnuncio: string): Promise<Resultado<string | null>> {
  const r = await operar(ctx, sessao, 'ObterEstoqueAtual');
  if (!r.ok) return r;
  return ok(lerTags(r.valor, 'Anuncio').find((a) => lerTag(a, 'CodigoAnuncio') === idAnuncio) ?? null);
}
