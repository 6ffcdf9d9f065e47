import { z } from 'zod';
import { noMaximo } from './campos.ts';
import { envelopeSucesso, versaoEntrada } from './comum.ts';
import type { CanalId } from './constantes.ts';
import { cnpjObrigatorio } from './documento.ts';
import { MENSAGENS } from './mensagens.ts';

export const MENSAGENS_INTEGRACAO = {
  erroConfigurar: 'Erro ao configurar integração.',
  configurada: 'Integração configurada com sucesso!',
  cancelarFacebook: 'Confirma o cancelamento do acesso ao Facebook?',
  cancelarInstagram: 'Confirma o cancelamento do acesso ao Instagram?',
  erroCancelarFacebook: 'Ocorreu algum problema ao efetuar o cancelamento da integração com o facebook.',
  erroCancelarInstagram: 'Ocorreu algum problema ao efetuar o cancelamento da integração com o instagram.',
  facebookConfigurado: 'Facebook configurado com sucesso!',
  instagramConfigurado: 'Instagram configurado com sucesso!',
  erroFacebook: 'Ocorreu um erro ao configurar o Facebook. Tente novamente!',
  erroPaginasFacebook: 'Ocorreu um erro ao carregar as páginas do Facebook. Tente novamente!',
  erroInstagram: 'Ocorreu um erro ao configurar o Instagram. Informe o ID do Instagram manualmente!',
  erroPaginasInstagram: 'Ocorreu um erro ao carregar as páginas do Instagram! Informe o ID do Instagram manualmente!',
  erroContaInstagram: 'Ocorreu um erro ao obter a conta do Instagram da página selecionada. Informe o ID do Instagram manualmente!',
  erroDadosInstagram: 'Ocorreu um erro ao obter os dados da conta do Instagram.',
  instagramNaoEncontrado: 'Conta do Instagram não encontrada ou acesso não permitido, utilize um ID válido.',
  usuarioDivergente: 'O usuário informado não é o usuário da sessão.',
  canalSoAdmin: 'Somente o administrador pode configurar este canal.',
  codigoUsado: 'O código de autorização já foi usado ou expirou. Gere um novo.',
  autorizacaoInvalida: 'A autorização não pertence a esta sessão ou expirou. Clique em Autorizar novamente.',
  autorizacaoNegada: 'A autorização foi cancelada no canal.',
  ativarSemAutorizacao: 'O Facebook e o Instagram ficam ativos ao autorizar o acesso na tela do canal (botão Autorizar acesso).',
  /** Facebook / Instagram authorised but with no page / account stored yet: not active, and this is what is missing. */
  escolherPaginaFacebook: 'Autorizado: escolha a página do Facebook para ativar.',
  escolherContaInstagram: 'Autorizado: escolha a conta do Instagram para ativar.',
  senhaObrigatoria: MENSAGENS.preenchimentoObrigatorio,
} as const;

/** Kinds of channel failure, each explained in Portuguese to the user. */
export const TIPOS_ERRO_CANAL = ['auth', 'validation', 'quota', 'rate_limit', 'transient', 'rejected'] as const;
export type TipoErroCanal = (typeof TIPOS_ERRO_CANAL)[number];

// The forms validate with these schemas in the browser, where zod's own (English) texts would show: every rule has its message.
const obrig = (max = 200) =>
  z.string(MENSAGENS.preenchimentoObrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(max, noMaximo(max));
const emailLogin = obrig(254).pipe(z.email(MENSAGENS.emailInvalido));
/** A password left empty on a configured channel keeps the stored one. */
const senha = z.string().max(200, noMaximo(200)).optional().default('');

/**
 * The fields each channel's configuration form saves (spec 1 §3, §5). Secret fields (passwords, codes)
 * are write-only: the API never returns them, only whether one is stored.
 */
export const camposIntegracao = {
  autoscar: z.object({
    id_autoscar: obrig(20)
      .regex(/^\d+$/, MENSAGENS.numeroInvalido)
      .refine((v) => Number(v) >= 1, MENSAGENS.numeroInvalido),
  }),
  webmotors: z.object({ cnpj: cnpjObrigatorio, email_webmotors: emailLogin, senha_webmotors: senha }),
  olx: z.object({ code_olx: senha }),
  mercadolivre: z.object({ code_ml: senha }),
  autoline: z.object({ email_autoline: emailLogin, senha_autoline: senha }),
  icarros: z.object({ email_icarros: emailLogin, senha_icarros: senha }),
  meucarronovo: z.object({ email_meucarronovo: obrig(254), senha_meucarronovo: senha }),
  mobiauto: z.object({ email_integrador: emailLogin, senha_integrador: senha }),
  facebook: z.object({}),
  instagram: z.object({}),
} satisfies Record<CanalId, z.ZodObject>;

/**
 * Single-use authorization codes (OLX, Mercado Livre): never stored nor sent twice. On a connected channel the
 * field may stay empty: the stored token is checked instead.
 */
export const CAMPOS_CODIGO: Partial<Record<CanalId, string>> = { olx: 'code_olx', mercadolivre: 'code_ml' };

/** Which fields of each channel are secrets (encrypted at rest, never answered). */
export const CAMPOS_SECRETOS: Record<CanalId, readonly string[]> = {
  autoscar: [],
  webmotors: ['senha_webmotors'],
  olx: ['code_olx'],
  mercadolivre: ['code_ml'],
  autoline: ['senha_autoline'],
  icarros: ['senha_icarros'],
  meucarronovo: ['senha_meucarronovo'],
  mobiauto: ['senha_integrador'],
  facebook: [],
  instagram: [],
};

/** The integration record as the API answers it (spec 1 §3), without secrets. */
export const integracao = z.object({
  canal: z.string(),
  descricao: z.string(),
  /** false when no record exists (red icon); then `status` is null. */
  configurado: z.boolean(),
  status: z.boolean().nullable(),
  /**
   * What still keeps the channel from being active, for the screens to say instead of "Inativo": Facebook / Instagram
   * authorised with no page / account chosen yet ("Autorizado: escolha a página do Facebook para ativar."); else null.
   */
  pendencia: z.string().nullable(),
  /** The non-secret fields: id_autoscar, cnpj, email_webmotors, email_*, page_id, page_name, ... */
  dados: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Secret fields that have a stored value (the form may leave them empty to keep it). */
  segredos_salvos: z.array(z.string()),
  so_admin: z.boolean(),
  /** When the channel was last asked (configuration, check, token renewal), and its last error (null: none). */
  verificado_em: z.string().nullable(),
  ultimo_erro: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Integracao = z.infer<typeof integracao>;
export const integracaoResposta = envelopeSucesso(integracao);
export const integracaoListaResposta = envelopeSucesso(z.array(integracao));

/** Write of the record (the "document write" of spec 1 §4): chosen status plus the channel's fields. */
export const integracaoGravacao = z.object({
  status: z.boolean(),
  /** The record's `updated_at` as read, or null when the channel was not configured yet (optimistic lock). */
  versao: versaoEntrada.nullable().optional(),
});

/** Browser-side settings of the social login popups (sandbox by default). */
export const socialConfig = z.object({
  appId: z.string(),
  dialogUrl: z.string().describe('Endereço do diálogo de autorização (fluxo implícito, response_type=token)'),
  graphUrl: z.string().describe('Base da Graph API, com a versão (v20.0)'),
  escopos: z.object({ facebook: z.array(z.string()), instagram: z.array(z.string()) }),
  sandbox: z.boolean(),
});
export const socialConfigResposta = envelopeSucesso(socialConfig);
export const ESCOPOS_SOCIAIS = {
  facebook: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'],
  instagram: ['pages_show_list', 'instagram_basic', 'instagram_content_publish', 'instagram_manage_comments'],
} as const;

/** Start of the "Autorizar no {canal}" flow: the channel's consent page, with this server's redirect address. */
export const autorizacaoResposta = envelopeSucesso(z.object({ url: z.string(), redirect_uri: z.string() }));
/** What the channel's consent page sent back to /integracao/{canal}/retorno. */
export const retornoAutorizacao = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().min(1, MENSAGENS.preenchimentoObrigatorio).max(4000),
  error: z.string().max(200).optional(),
});
