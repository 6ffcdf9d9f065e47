import { lerTags } from '@intermedio/contracts';
import { chamarSoap, escaparXml, lerTag } from '../http.ts';
import { ordenarOpcoes } from '../mapeamento.ts';
import type { OpcaoCanal, SessaoCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { comRotulosAutoline } from './erros.ts';

/**
 * Autoline `integradoras.asmx` (channels.md §6): every call carries userEmail and userPassword.
 * Answer shapes are not public; our reading (docs/autoline.md), kept here in one place and played by the sandbox: each
 * `{Operacao}Result` has `Sucesso`, `Codigo` (AUTENTICACAO, VALIDACAO, ANUNCIO_INEXISTENTE, ANUNCIO_CANCELADO) and
 * `Mensagem`; lists are `<Itens><Item><Id/><Name/></Item></Itens>`.
 */
export const NS = 'http://api.autoline.com.br/';

/** A SOAP parameter: text, an ASMX int array, or a nested object (`model`). */
export type ValorSoap = string | number | readonly string[] | { [campo: string]: ValorSoap };

/** Child elements of a SOAP call, values escaped. */
export const elementosXml = (campos: Record<string, ValorSoap>): string =>
  Object.entries(campos)
    .map(([k, v]) => {
      if (Array.isArray(v)) return `<${k}>${v.map((i) => `<int>${escaparXml(String(i))}</int>`).join('')}</${k}>`;
      if (typeof v === 'object') return `<${k}>${elementosXml(v as Record<string, ValorSoap>)}</${k}>`;
      return `<${k}>${escaparXml(String(v))}</${k}>`;
    })
    .join('');

type Login = { email: string; senha: string };
export const loginDaSessao = (s: SessaoCanal): Login => ({
  email: String(s.dados.email_autoline ?? ''),
  senha: s.segredos.senha_autoline ?? '',
});

/**
 * One operation with the reseller's login: the result XML on `Sucesso` true; otherwise the error typed by `Codigo`
 * (the code travels in `detalhe`, so callers can tell "advert not found" from a refusal).
 */
export async function operarAutoline(
  ctx: ContextoCanal,
  login: Login,
  operacao: string,
  parametros: Record<string, ValorSoap> = {},
): Promise<Resultado<string>> {
  const corpo = `<${operacao} xmlns="${NS}">${elementosXml({ userEmail: login.email, userPassword: login.senha, ...parametros })}</${operacao}>`;
  const r = await chamarSoap(`${ctx.base}/integradoras.asmx`, `${NS}${operacao}`, corpo, ctx.timeoutMs);
  if (!r.ok) return r;
  const resultado = lerTag(r.valor, `${operacao}Result`) ?? '';
  if (lerTag(resultado, 'Sucesso') === 'true') return ok(resultado);
  const codigo = lerTag(resultado, 'Codigo') ?? '';
  // Autoline names its own (English) fields: the message names the panel's labels instead.
  const mensagem = comRotulosAutoline((lerTag(resultado, 'Mensagem') || 'operação recusada').replace(/\.$/, ''));
  if (codigo === 'AUTENTICACAO') return falha('auth', mensagem, codigo);
  if (codigo === 'SEM_PLANO') return falha('quota', mensagem, codigo);
  return falha(codigo === 'VALIDACAO' ? 'validation' : 'rejected', mensagem, codigo);
}

/** A list operation: Id/Name rows as options, sorted case-insensitively (spec 3 §2.1). */
export async function listaAutoline(
  ctx: ContextoCanal,
  login: Login,
  operacao: string,
  parametros: Record<string, string | number> = {},
): Promise<Resultado<OpcaoCanal[]>> {
  const r = await operarAutoline(ctx, login, operacao, parametros);
  if (!r.ok) return r;
  return ok(ordenarOpcoes(lerTags(r.valor, 'Item').map((i) => ({ id: lerTag(i, 'Id') ?? '', nome: lerTag(i, 'Name') ?? '' }))));
}

/** The plans bought (the commercial gate of channels.md §13): checks the login, gives the user id and plan ids. */
export async function consultarPlanos(ctx: ContextoCanal, login: Login): Promise<Resultado<{ userId: string; planos: string[] }>> {
  const r = await operarAutoline(ctx, login, 'ConsultarPlanosAdquiridos', { segment: 'Car' });
  if (!r.ok) return r;
  return ok({ userId: lerTag(r.valor, 'UserId') ?? '', planos: lerTags(r.valor, 'PlanoAdquirido').map((p) => lerTag(p, 'Id') ?? '') });
}
