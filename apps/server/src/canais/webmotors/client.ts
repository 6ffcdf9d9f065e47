import { chamarSoap, escaparXml, lerTag } from '../http.ts';
import { falha, ok, type Resultado } from '../tipos.ts';

/** Webmotors "Integração Revendedor": SOAP/ASMX (channels.md §3). */
export const NS_LOGIN = 'www.webmotors.com.br/wsLoginSistemaRevendedor';

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
