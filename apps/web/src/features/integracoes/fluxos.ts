import {
  CAMPOS_SECRETOS,
  type CanalId,
  camposIntegracao,
  type Integracao,
  MENSAGENS,
  MENSAGENS_INTEGRACAO,
  soDigitos,
} from '@intermedio/contracts';
import { ApiError } from '@/lib/api';
import { chamarIntegracao, gravarRegistro } from './api';

/** Channels configured by a form of login/password/code fields (everything but the social networks). */
export const CANAIS_PORTAL = ['autoline', 'autoscar', 'icarros', 'mercadolivre', 'mobiauto', 'meucarronovo', 'olx', 'webmotors'] as const;
export type CanalPortal = (typeof CANAIS_PORTAL)[number];
export const ehCanalPortal = (canal: CanalId): canal is CanalPortal => (CANAIS_PORTAL as readonly CanalId[]).includes(canal);

export type TipoCampo = 'numero' | 'cnpj' | 'email' | 'texto' | 'senha' | 'codigo';
export type DefCampo = { nome: string; rotulo: string; tipo: TipoCampo };

/**
 * The login of Webmotors, Autoline, iCarros and Mobiauto must be an e-mail (spec 1 §5): the label says so (issue 25
 * item 7; the spec gives no label text). Na Pista's login may be any text: "Login".
 */
export const ROTULO_LOGIN_EMAIL = 'E-mail de acesso';

/** The form fields of each channel, in screen order (names = `camposIntegracao[canal]`, spec 1 §2, §5). */
export const CAMPOS_FORMULARIO: Record<CanalPortal, readonly DefCampo[]> = {
  autoscar: [{ nome: 'id_autoscar', rotulo: 'ID revenda Autoscar', tipo: 'numero' }],
  webmotors: [
    { nome: 'cnpj', rotulo: 'CNPJ', tipo: 'cnpj' },
    { nome: 'email_webmotors', rotulo: ROTULO_LOGIN_EMAIL, tipo: 'email' },
    { nome: 'senha_webmotors', rotulo: 'Senha', tipo: 'senha' },
  ],
  olx: [{ nome: 'code_olx', rotulo: 'Código Olx', tipo: 'codigo' }],
  mercadolivre: [{ nome: 'code_ml', rotulo: 'Código Mercado Livre', tipo: 'codigo' }],
  autoline: [
    { nome: 'email_autoline', rotulo: ROTULO_LOGIN_EMAIL, tipo: 'email' },
    { nome: 'senha_autoline', rotulo: 'Senha', tipo: 'senha' },
  ],
  icarros: [
    { nome: 'email_icarros', rotulo: ROTULO_LOGIN_EMAIL, tipo: 'email' },
    { nome: 'senha_icarros', rotulo: 'Senha', tipo: 'senha' },
  ],
  meucarronovo: [
    { nome: 'email_meucarronovo', rotulo: 'Login', tipo: 'texto' },
    { nome: 'senha_meucarronovo', rotulo: 'Senha', tipo: 'senha' },
  ],
  mobiauto: [
    { nome: 'email_integrador', rotulo: ROTULO_LOGIN_EMAIL, tipo: 'email' },
    { nome: 'senha_integrador', rotulo: 'Senha', tipo: 'senha' },
  ],
};

/** Form values: every field as text, plus the status select ('1' Ativo, '0' Inativo). */
export type ValoresFormulario = Record<string, string> & { status: string };

export const STATUS_OPCOES = [
  { value: '1', label: 'Ativo' },
  { value: '0', label: 'Inativo' },
];

/**
 * Initial values: the stored non-secret fields, secrets always empty (write-only; empty keeps the stored one),
 * and the stored status — or, on a new form, Ativo for portals and Inativo for social channels (spec 1 §5).
 */
export function valoresIniciais(canal: CanalPortal, registro: Integracao | undefined): ValoresFormulario {
  const valores: ValoresFormulario = { status: registro?.configurado ? (registro.status ? '1' : '0') : '1' };
  for (const c of CAMPOS_FORMULARIO[canal]) {
    const guardado = registro?.dados[c.nome];
    valores[c.nome] = CAMPOS_SECRETOS[canal].includes(c.nome) || guardado == null ? '' : String(guardado);
  }
  return valores;
}

/** The channel's fields only (no status). */
export function camposDoCanal(canal: CanalPortal, valores: Record<string, string>): Record<string, string> {
  return Object.fromEntries(CAMPOS_FORMULARIO[canal].map((c) => [c.nome, valores[c.nome] ?? '']));
}

/**
 * Client-side validation (spec 1 §5): the contract's schema of the channel, a secret required unless one is
 * already stored, and a status. Returns one message per field (empty = valid).
 */
export function validarFormulario(
  canal: CanalPortal,
  valores: ValoresFormulario,
  segredosSalvos: readonly string[],
): Record<string, string> {
  const erros: Record<string, string> = {};
  const r = camposIntegracao[canal].safeParse(camposDoCanal(canal, valores));
  if (!r.success)
    for (const issue of r.error.issues) {
      const campo = String(issue.path[0] ?? '');
      if (campo && !erros[campo]) erros[campo] = issue.message;
    }
  for (const segredo of CAMPOS_SECRETOS[canal])
    if (!(valores[segredo] ?? '').trim() && !segredosSalvos.includes(segredo)) erros[segredo] ??= MENSAGENS.preenchimentoObrigatorio;
  if (valores.status !== '1' && valores.status !== '0') erros.status = MENSAGENS.preenchimentoObrigatorio;
  return erros;
}

/** Body of POST /api/integracao/:canal/configurar, exactly as spec 1 §7 names the fields. */
export function corpoConfigurar(canal: CanalPortal, idRevenda: string, usuario: string, campos: Record<string, string>) {
  const c = campos;
  switch (canal) {
    case 'autoscar':
      return { id_revenda: idRevenda, usuario, id_autoscar: c.id_autoscar };
    case 'webmotors':
      return {
        id_revenda: idRevenda,
        cnpj_revenda: soDigitos(c.cnpj ?? ''),
        email_webmotors: c.email_webmotors,
        senha_webmotors: c.senha_webmotors,
        usuario,
      };
    case 'olx':
      return { id_revenda: idRevenda, code_olx: c.code_olx, usuario };
    case 'mercadolivre':
      return { id_revenda: idRevenda, code_ml: c.code_ml, usuario };
    case 'autoline':
      return { id_revenda: idRevenda, email_autoline: c.email_autoline, senha_autoline: c.senha_autoline, usuario };
    case 'icarros':
      return { id_revenda: idRevenda, email_icarros: c.email_icarros, senha_icarros: c.senha_icarros, usuario };
    case 'meucarronovo':
      return { id_revenda: idRevenda, email_meucarronovo: c.email_meucarronovo, senha_meucarronovo: c.senha_meucarronovo, usuario };
    case 'mobiauto':
      return { id_revenda: idRevenda, email_integrador: c.email_integrador, senha_integrador: c.senha_integrador, usuario };
  }
}

/** What the screen does after a save (spec 1 §4, §8). */
export type ResultadoSalvar =
  /** Back to the integrations list. `recusa` = the channel's refusal that the spec keeps silent (server already set Inativo). */
  | { tipo: 'concluido'; recusa?: string }
  /** Stay, with the channel's text in a red alert (Olx: block; Mobiauto: above the buttons). */
  | { tipo: 'recusado'; mensagem: string }
  /** Stay, after a blocking alert (record write failed; Mercado Livre refusal). */
  | { tipo: 'alerta'; mensagem: string }
  /** Stay, with the server's message under each field (400 with `campos`). */
  | { tipo: 'campos'; campos: Record<string, string> }
  /** Stay: the configure call got no answer (network). The spec only logs it; the screen says so. */
  | { tipo: 'sem-resposta'; mensagem: string };

export type PedidoSalvar = {
  canal: CanalPortal;
  idRevenda: string;
  usuario: string;
  status: boolean;
  campos: Record<string, string>;
  /** The record's `updated_at` as the form read it (null: not configured yet); absent: no lock (list actions). */
  versao?: string | null;
};

/** The record write; a failure other than field validation also tries to leave the record Inativo (spec 1 §4). */
async function gravar(p: PedidoSalvar): Promise<ResultadoSalvar | null> {
  try {
    await gravarRegistro(p.idRevenda, p.canal, { status: p.status, ...p.campos, ...(p.versao !== undefined ? { versao: p.versao } : {}) });
    return null;
  } catch (erro) {
    // Someone else saved this channel meanwhile: nothing was written; the form keeps what was typed.
    if (erro instanceof ApiError && erro.status === 409) return { tipo: 'alerta', mensagem: erro.message };
    if (erro instanceof ApiError && erro.status === 400 && erro.campos && Object.keys(erro.campos).length > 0)
      return { tipo: 'campos', campos: erro.campos };
    console.error(`PUT integração ${p.canal}`, erro);
    if (p.status) await gravarRegistro(p.idRevenda, p.canal, { status: false, ...p.campos }).catch(() => undefined);
    return { tipo: 'alerta', mensagem: MENSAGENS_INTEGRACAO.erroConfigurar };
  }
}

/**
 * The save flows of spec 1 §4:
 * - Mercado Livre: configure call first (refusal → alert with its text), then the record write.
 * - Every other portal: record write with the chosen status (failure → alert "Erro ao configurar integração."),
 *   then the configure call; Olx and Mobiauto show a refusal, the others return silently (the server has already
 *   set the status back to false).
 */
export async function salvarConfiguracao(p: PedidoSalvar): Promise<ResultadoSalvar> {
  const corpo = corpoConfigurar(p.canal, p.idRevenda, p.usuario, p.campos);
  if (p.canal === 'mercadolivre') {
    const r = await chamarIntegracao(p.canal, 'configurar', corpo);
    if (!r.ok) return r.status === 0 ? { tipo: 'sem-resposta', mensagem: r.mensagem } : { tipo: 'alerta', mensagem: r.mensagem };
    // The configure call has just written the record (new version): this write follows it without the lock.
    return (await gravar({ ...p, versao: undefined })) ?? { tipo: 'concluido' };
  }

  const falhaGravacao = await gravar(p);
  if (falhaGravacao) return falhaGravacao;
  const r = await chamarIntegracao(p.canal, 'configurar', corpo);
  if (r.ok) return { tipo: 'concluido' };
  if (r.status === 0) return { tipo: 'sem-resposta', mensagem: r.mensagem };
  if (p.canal === 'olx' || p.canal === 'mobiauto') return { tipo: 'recusado', mensagem: r.mensagem };
  return { tipo: 'concluido', recusa: r.mensagem };
}
