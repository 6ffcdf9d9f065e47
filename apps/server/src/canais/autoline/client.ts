import { chamarSoap, escaparXml, lerTag } from '../http.ts';
import { falha, ok, type Resultado } from '../tipos.ts';

/**
 * Autoline `integradoras.asmx` (channels.md §6): every call carries userEmail and userPassword.
 * Answer shapes are not public; `Sucesso`/`Mensagem`/`UserId` is our reading, kept here in one place.
 */
export const NS = 'http://api.autoline.com.br/';

export async function consultarPlanos(
  base: string,
  email: string,
  senha: string,
  timeoutMs: number,
): Promise<Resultado<{ userId: string; planos: number }>> {
  const corpo = `<ConsultarPlanosAdquiridos xmlns="${NS}"><userEmail>${escaparXml(email)}</userEmail><userPassword>${escaparXml(senha)}</userPassword><segment>Car</segment></ConsultarPlanosAdquiridos>`;
  const r = await chamarSoap(`${base}/integradoras.asmx`, `${NS}ConsultarPlanosAdquiridos`, corpo, timeoutMs);
  if (!r.ok) return r;
  if (lerTag(r.valor, 'Sucesso') !== 'true') return falha('auth', lerTag(r.valor, 'Mensagem') ?? 'credenciais recusadas');
  return ok({ userId: lerTag(r.valor, 'UserId') ?? '', planos: (r.valor.match(/<PlanoAdquirido>/g) ?? []).length });
}
