import { chamarSoap, escaparXml, lerTag } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado, renovarAntes } from '../tipos.ts';

/** Webmotors "Integração Revendedor": SOAP/ASMX (channels.md §3). */
export const NS_LOGIN = 'www.webmotors.com.br/wsLoginSistemaRevendedor';
export const NS_ESTOQUE = 'www.webmotors.com.br/wsEstoqueRevendedorWebMotors';

/** The hash lasts about 1000 minutes (channels.md §3): renewed with the stored password before that. */
const VALIDADE_HASH_S = 1000 * 60;

/** autenticar(cnpj, email, senha) → HashAutenticacao (tag order matters: cnpj, email, senha). */
export async function autenticar(
  base: string,
  c: { cnpj: string; email: string; senha: string },
  timeoutMs: number,
): Promise<Resultado<string>> {
  const corpo = `<autenticar xmlns="${NS_LOGIN}"><cnpj>${escaparXml(c.cnpj)}</cnpj><email>${escaparXml(c.email)}</email><senha>${escaparXml(c.senha)}</senha></autenticar>`;
  const r = await chamarSoap(`${base}/wsLoginSistemaRevendedor.asmx`, `${NS_LOGIN}/autenticar`, corpo, timeoutMs);
  if (!r.ok) return r;
  const hash = lerTag(r.valor, 'HashAutenticacao');
  const codigo = lerTag(r.valor, 'CodigoRetorno');
  if (!hash || /erro/i.test(hash)) return falha('auth', `autenticação recusada (código ${codigo ?? '?'})`);
  return ok(hash);
}

/** Logs in and answers what the integration record keeps (the hash, when it was obtained, when to renew it). */
export async function obterHash(ctx: ContextoCanal, c: { cnpj: string; email: string; senha: string }, mensagem: string) {
  const r = await autenticar(ctx.base, c, ctx.timeoutMs);
  if (!r.ok) return r;
  const agora = Date.now();
  return ok({
    segredos: { hash_autenticacao: r.valor },
    dados: { hash_obtido_em: new Date(agora).toISOString() },
    mensagem,
    renovarEm: renovarAntes(VALIDADE_HASH_S, agora),
  });
}

/** The stored login (plain cnpj / e-mail, encrypted password). */
export const loginGuardado = (segredos: Record<string, string>, dados: Record<string, unknown>) => ({
  cnpj: String(dados.cnpj ?? ''),
  email: String(dados.email_webmotors ?? ''),
  senha: segredos.senha_webmotors ?? '',
});

/** One stock operation (`SOAPAction: "<ns>/<Operation>"`) with the hash; answers the response XML. */
export function chamarEstoque(ctx: ContextoCanal, hash: string, operacao: string, parametros = '') {
  const corpo = `<${operacao} xmlns="${NS_ESTOQUE}"><pHashAutenticacao>${escaparXml(hash)}</pHashAutenticacao>${parametros}</${operacao}>`;
  return chamarSoap(`${ctx.base}/wsEstoqueRevendedorWebMotors.asmx`, `${NS_ESTOQUE}/${operacao}`, corpo, ctx.timeoutMs);
}

/** Simple elements in the given order (ASMX drops elements out of the WSDL's order). */
export const elementos = (campos: [string, string | number][]) => campos.map(([k, v]) => `<${k}>${escaparXml(String(v))}</${k}>`).join('');
