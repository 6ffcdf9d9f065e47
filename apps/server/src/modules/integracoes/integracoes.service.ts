import { createHash, randomBytes } from 'node:crypto';
import {
  CAMPOS_CODIGO,
  CAMPOS_SECRETOS,
  CANAIS,
  CANAIS_SOCIAIS,
  type CanalAutorizacao,
  type CanalId,
  camposIntegracao,
  type Integracao,
  integracaoGravacao,
  MENSAGENS,
  MENSAGENS_INTEGRACAO,
  ROTULO_CANAL,
} from '@intermedio/contracts';
import { z } from 'zod';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import { type ConfigCanais, contextoDoCanal } from '../../canais/config.ts';
import { consentimento as consentimentoMl } from '../../canais/mercadolivre/client.ts';
import { consentimento as consentimentoOlx } from '../../canais/olx/client.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import type { Configuracao, ContextoCanal, Resultado } from '../../canais/tipos.ts';
import type { Db } from '../../db/cliente.ts';
import { conflitoVersao, ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { Cofre } from '../../seguranca/cripto.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { explicarErro } from './erros.ts';
import { integracoesRepository, type RegistroIntegracao } from './integracoes.repository.ts';
import type { RenovacaoService } from './renovacao.service.ts';

export { explicarErro } from './erros.ts';

/** What the sealed OAuth state carries: reseller, channel, session, expiry (ms) and PKCE verifier. */
type EstadoAutorizacao = { r: string; c: CanalAutorizacao; s: string; e: number; v: string };
const VALIDADE_AUTORIZACAO_MS = 10 * 60_000;
const desafioPkce = (verificador: string) => createHash('sha256').update(verificador).digest('base64url');

export type DependenciasIntegracoes = {
  db: Db;
  cofre: Cofre;
  canais: ConfigCanais;
  origemInterna: () => string;
  publicUrl: string;
  renovacao: RenovacaoService;
  /**
   * A channel was configured or activated (a new authorisation, a check, a status turned on): what other domains
   * start at once (OLX's lead endpoint is registered by the leads poll). Must not throw: the record is already saved.
   */
  aoConfigurar?: (idRevenda: string, canal: CanalId) => Promise<void>;
};

/** A stored code is never sent again: a code field counts as "kept" while the channel holds a token. */
const campoGuardado = (canal: CanalId, campo: string, segredos: Record<string, string>) =>
  CAMPOS_CODIGO[canal] === campo ? Boolean(segredos.access_token) : Boolean(segredos[campo]);
const semCodigos = (canal: CanalId, segredos: Record<string, string>) => {
  const campo = CAMPOS_CODIGO[canal];
  if (!campo) return segredos;
  const { [campo]: _codigo, ...resto } = segredos;
  return resto;
};

export function criarIntegracoesService(dep: DependenciasIntegracoes) {
  const { db, cofre } = dep;
  const segredosDe = (r?: RegistroIntegracao): Record<string, string> =>
    r?.segredos ? cofre.decifrar<Record<string, string>>(r.segredos) : {};

  const contexto = (canal: CanalId): ContextoCanal => contextoDoCanal(dep.canais, canal, dep.origemInterna(), dep.publicUrl);

  /**
   * Facebook / Instagram publish to the page / account chosen after the authorisation: until one is stored the
   * channel is not active, whatever the record's status says (records authorised before issue 23 kept status true).
   */
  const semPagina = (canal: CanalId, r?: RegistroIntegracao) =>
    CANAIS_SOCIAIS.includes(canal) && !(r?.config as Record<string, unknown> | undefined)?.page_id;
  const ativo = (canal: CanalId, r: RegistroIntegracao) => r.status && !semPagina(canal, r);
  const faltaPagina = (canal: CanalId) =>
    canal === 'facebook' ? MENSAGENS_INTEGRACAO.escolherPaginaFacebook : MENSAGENS_INTEGRACAO.escolherContaInstagram;

  const publico = (canal: CanalId, r?: RegistroIntegracao): Integracao => {
    const segredos = segredosDe(r);
    return {
      canal,
      descricao: ROTULO_CANAL[canal],
      configurado: Boolean(r),
      status: r ? ativo(canal, r) : null,
      pendencia: r && segredos.user_token && semPagina(canal, r) ? faltaPagina(canal) : null,
      dados: (r?.config ?? {}) as Integracao['dados'],
      segredos_salvos: CAMPOS_SECRETOS[canal].filter((c) => campoGuardado(canal, c, segredos)),
      so_admin: adaptador(canal).meta.soAdmin,
      verificado_em: r?.verificado_em?.toISOString() ?? null,
      ultimo_erro: r?.ultimo_erro ?? null,
      created_at: r?.created_at.toISOString() ?? null,
      updated_at: r?.updated_at.toISOString() ?? null,
    };
  };

  const conferirCanal = (canal: CanalId, quem: UsuarioDaSessao) => {
    if (adaptador(canal).meta.soAdmin && quem.role !== 'admin') throw new ErroHttp(403, MENSAGENS_INTEGRACAO.canalSoAdmin);
  };
  /** Spec 1 §7 bodies carry `usuario`: the session decides who acts, a different user is refused. */
  const conferirUsuario = (usuario: string | undefined, quem: UsuarioDaSessao) => {
    if (usuario && usuario !== quem.id) throw new ErroHttp(403, MENSAGENS_INTEGRACAO.usuarioDivergente);
  };
  const conferirRevenda = async (idRevenda: string) => {
    if (!(await revendasRepository.buscar(db, idRevenda))) throw naoEncontrado('Erro ao obter revenda.');
  };

  /** Saves what a channel answered, merged with what was stored; status stays unless given. Codes are never kept. */
  const guardar = async (
    idRevenda: string,
    canal: CanalId,
    quem: UsuarioDaSessao,
    c: Configuracao,
    extra: { status?: boolean; dados?: object; segredos?: object } = {},
  ) => {
    const atual = await integracoesRepository.buscar(db, idRevenda, canal);
    const segredos = semCodigos(canal, { ...segredosDe(atual), ...extra.segredos, ...c.segredos });
    const novosTokens = Object.keys(c.segredos).length > 0;
    return integracoesRepository.gravar(db, {
      idRevenda,
      canal,
      descricao: ROTULO_CANAL[canal],
      status: extra.status ?? atual?.status ?? true,
      config: { ...(atual?.config ?? {}), ...extra.dados, ...c.dados },
      segredos: Object.keys(segredos).length ? cofre.cifrar(segredos) : null,
      usuarioId: quem.id,
      // New tokens bring their own renewal date; a check of the stored ones keeps it.
      verificacao: { erro: null, ...(novosTokens ? { renovarEm: c.renovarEm ?? null } : {}) },
    });
  };

  /** On a channel failure the record, when it exists, goes back to status false (spec 1 §4), with the reason kept. */
  const falhou = async (idRevenda: string, canal: CanalId, quem: UsuarioDaSessao, r: Resultado<unknown>) => {
    if (r.ok) return;
    const erro = explicarErro(canal, r.erro);
    if (await integracoesRepository.buscar(db, idRevenda, canal))
      await integracoesRepository.registrarFalha(db, idRevenda, canal, { erro: erro.message, status: false }, quem.id);
    throw erro;
  };

  const paraPublicarDe = (canal: CanalId, r: RegistroIntegracao | null | undefined) =>
    r ? { status: ativo(canal, r), config: r.config as Record<string, unknown>, segredos: segredosDe(r), ctx: contexto(canal) } : null;

  const servico = {
    /** What publishing (a banner, a sold item, a vehicle) needs: the record's status and data, its secrets and the channel's address. */
    async paraPublicar(idRevenda: string, canal: CanalId) {
      return paraPublicarDe(canal, await integracoesRepository.buscar(db, idRevenda, canal));
    },

    /** `paraPublicar` of a record already read (publishing reads it with the vehicle, in the same statement). */
    paraPublicarDe,

    /** Keeps what an adapter renewed during a publishing call (SessaoCanal.renovada), merged into the stored record. */
    async guardarRenovada(idRevenda: string, canal: CanalId, nova: Configuracao) {
      const r = await integracoesRepository.buscar(db, idRevenda, canal);
      if (!r) return;
      await integracoesRepository.guardarRenovacaoAvulsa(db, idRevenda, canal, {
        segredos: cofre.cifrar({ ...segredosDe(r), ...nova.segredos }),
        config: { ...(r.config as Record<string, unknown>), ...nova.dados },
        renovarEm: nova.renovarEm ?? null,
      });
    },

    /**
     * A publishing call found the access token expired (the channel answered 401 before the scheduled renewal):
     * renewed now under the renewal's claim, so a single-use refresh token is never spent twice, even by two
     * instances. `recusados`: the secrets the channel refused; when another call renewed them meanwhile, the
     * stored ones are answered without asking the channel. The new secrets, or null when the channel refused or
     * did not answer (the 401 then stands).
     */
    async renovarAgora(idRevenda: string, canal: CanalId, recusados: Record<string, string>): Promise<Record<string, string> | null> {
      const situacao = await dep.renovacao.renovar(idRevenda, canal, { forcar: true, recusados });
      if (situacao !== 'renovado' && situacao !== 'em_dia') return null;
      const r = await integracoesRepository.buscar(db, idRevenda, canal);
      return r?.status ? segredosDe(r) : null;
    },

    async listar(idRevenda: string) {
      await conferirRevenda(idRevenda);
      const registros = new Map((await integracoesRepository.listar(db, idRevenda)).map((r) => [r.canal, r]));
      return [...CANAIS].sort((a, b) => ROTULO_CANAL[a].localeCompare(ROTULO_CANAL[b], 'pt-BR')).map((c) => publico(c, registros.get(c)));
    },

    async buscar(idRevenda: string, canal: CanalId, quem: UsuarioDaSessao) {
      conferirCanal(canal, quem);
      await conferirRevenda(idRevenda);
      return publico(canal, await integracoesRepository.buscar(db, idRevenda, canal));
    },

    /** The record write of the configuration screens: chosen status and fields; an empty secret keeps the stored one. */
    async gravar(idRevenda: string, canal: CanalId, corpo: unknown, quem: UsuarioDaSessao) {
      conferirCanal(canal, quem);
      await conferirRevenda(idRevenda);
      // Strict: a key the channel does not have (or a nested value) is refused, never stored (issue 10 item 4).
      const r = z.strictObject({ ...camposIntegracao[canal].shape, ...integracaoGravacao.shape }).safeParse(corpo);
      if (!r.success) {
        const campos = Object.fromEntries(
          r.error.issues.flatMap((i) =>
            i.code === 'unrecognized_keys' ? i.keys.map((k) => [k, MENSAGENS.campoDesconhecido]) : [[i.path.join('.'), i.message]],
          ),
        );
        throw new ErroHttp(400, `${MENSAGENS.dadosInvalidos} ${Object.values(campos)[0] ?? ''}`.trim(), campos);
      }
      const { status, versao, ...campos } = r.data as { status: boolean; versao: string | null } & Record<string, string>;
      const atual = await integracoesRepository.buscar(db, idRevenda, canal);
      const guardados = segredosDe(atual);
      // Spec 1 §4: a social network's status true means authorised; only the authorisation (which stores the token) sets it.
      if (status && CANAIS_SOCIAIS.includes(canal) && !guardados.user_token)
        throw new ErroHttp(400, MENSAGENS_INTEGRACAO.ativarSemAutorizacao, { status: MENSAGENS_INTEGRACAO.ativarSemAutorizacao });
      if (status && semPagina(canal, atual)) throw new ErroHttp(400, faltaPagina(canal), { status: faltaPagina(canal) });
      const segredos: Record<string, string> = { ...guardados };
      const dados: Record<string, unknown> = { ...(atual?.config ?? {}) };
      for (const [campo, valor] of Object.entries(campos)) {
        if (!CAMPOS_SECRETOS[canal].includes(campo)) dados[campo] = valor;
        // A code is used once, by the configure call that follows: it is not kept.
        else if (valor && CAMPOS_CODIGO[canal] !== campo) segredos[campo] = valor;
        else if (!valor && !campoGuardado(canal, campo, guardados))
          throw new ErroHttp(400, MENSAGENS.preenchimentoObrigatorio, { [campo]: MENSAGENS.preenchimentoObrigatorio });
      }
      const semCodigo = semCodigos(canal, segredos);
      const salvo = await integracoesRepository.gravar(db, {
        idRevenda,
        canal,
        descricao: ROTULO_CANAL[canal],
        status,
        config: dados,
        segredos: Object.keys(semCodigo).length ? cofre.cifrar(semCodigo) : null,
        usuarioId: quem.id,
        versao,
      });
      if (!salvo) throw conflitoVersao();
      if (status) await dep.aoConfigurar?.(idRevenda, canal);
      return publico(canal, salvo);
    },

    /** `POST /api/integracao/{canal}/configurar` for the portals: checks the credentials with the channel. */
    async configurarPortal(
      canal: CanalId,
      idRevenda: string,
      credenciais: Record<string, string>,
      usuario: string | undefined,
      quem: UsuarioDaSessao,
      /** What the return of the consent page adds (the PKCE verifier; it activates); never from a request body. */
      doRetorno: { code_verifier?: string; ativar?: boolean } = {},
    ): Promise<string> {
      conferirUsuario(usuario, quem);
      conferirCanal(canal, quem);
      await conferirRevenda(idRevenda);
      const campoCodigo = CAMPOS_CODIGO[canal];
      if (campoCodigo && !credenciais[campoCodigo]) {
        // No new code: the stored token is checked; a token due for renewal is renewed first (under its claim).
        await dep.renovacao.renovar(idRevenda, canal);
      }
      const registro = await integracoesRepository.buscar(db, idRevenda, canal);
      const guardados = segredosDe(registro);
      const completas = { ...credenciais };
      for (const campo of CAMPOS_SECRETOS[canal]) if (!completas[campo] && campo !== campoCodigo) completas[campo] = guardados[campo] ?? '';
      const faltando = CAMPOS_SECRETOS[canal].filter((c) => !completas[c] && !campoGuardado(canal, c, guardados));
      if (faltando.length) {
        throw new ErroHttp(
          400,
          MENSAGENS.preenchimentoObrigatorio,
          Object.fromEntries(faltando.map((c) => [c, MENSAGENS.preenchimentoObrigatorio])),
        );
      }
      const valida = camposIntegracao[canal].safeParse(completas);
      if (!valida.success) {
        const campos = Object.fromEntries(valida.error.issues.map((i) => [i.path.join('.'), i.message]));
        throw new ErroHttp(400, `${MENSAGENS.dadosInvalidos} ${Object.entries(campos)[0]?.join(': ') ?? ''}`.trim(), campos);
      }
      const { ativar, ...extraCanal } = doRetorno;
      const resultado = await adaptador(canal).configurar(contexto(canal), { ...completas, ...extraCanal }, guardados);
      await falhou(idRevenda, canal, quem, resultado);
      if (!resultado.ok) throw new Error('inalcançável');
      const segredosInformados = Object.fromEntries(
        CAMPOS_SECRETOS[canal]
          .filter((c) => c !== campoCodigo)
          .map((c) => [c, completas[c] ?? ''])
          .filter(([, v]) => v),
      );
      const dadosInformados = Object.fromEntries(Object.entries(completas).filter(([c]) => !CAMPOS_SECRETOS[canal].includes(c)));
      await guardar(idRevenda, canal, quem, resultado.valor, {
        segredos: segredosInformados,
        dados: dadosInformados,
        ...(ativar ? { status: true } : {}),
      });
      await dep.aoConfigurar?.(idRevenda, canal);
      return resultado.valor.mensagem;
    },

    /**
     * "Autorizar no {canal}": the channel's consent page. The state is sealed with the server key (AES-GCM): it
     * carries the reseller, the channel, this session and, for Mercado Livre, the PKCE verifier; it lasts 10 min.
     */
    async autorizar(canal: CanalAutorizacao, idRevenda: string, sessao: { id: string; usuario: UsuarioDaSessao }) {
      conferirCanal(canal, sessao.usuario);
      await conferirRevenda(idRevenda);
      const verificador = randomBytes(32).toString('base64url');
      const estado: EstadoAutorizacao = { r: idRevenda, c: canal, s: sessao.id, e: Date.now() + VALIDADE_AUTORIZACAO_MS, v: verificador };
      const state = cofre.cifrar(estado);
      const ctx = contexto(canal);
      const url = canal === 'olx' ? consentimentoOlx(ctx, state) : consentimentoMl(ctx, state, desafioPkce(verificador));
      return { url, redirect_uri: ctx.app.redirectUri };
    },

    /** The return route: the state must be this session's and this channel's; then the code configures the channel. */
    async concluirAutorizacao(
      canal: CanalAutorizacao,
      retorno: { code?: string; state: string; error?: string },
      sessao: { id: string; usuario: UsuarioDaSessao },
    ): Promise<{ id_revenda: string; mensagem: string }> {
      let estado: EstadoAutorizacao | null = null;
      try {
        estado = cofre.decifrar<EstadoAutorizacao>(retorno.state);
      } catch {
        estado = null;
      }
      const quem = sessao.usuario;
      // An unreadable state is bad input (400); a genuine one of another session or channel, or expired, is refused.
      if (!estado) throw new ErroHttp(400, MENSAGENS_INTEGRACAO.autorizacaoInvalida);
      if (estado.c !== canal || estado.s !== sessao.id || estado.e < Date.now())
        throw new ErroHttp(403, MENSAGENS_INTEGRACAO.autorizacaoInvalida);
      if (quem.role !== 'admin' && quem.revenda_id !== estado.r) throw new ErroHttp(403, MENSAGENS_INTEGRACAO.autorizacaoInvalida);
      if (retorno.error || !retorno.code) throw new ErroHttp(422, MENSAGENS_INTEGRACAO.autorizacaoNegada);
      const campo = CAMPOS_CODIGO[canal] ?? '';
      // Authorising in the channel is the user's explicit "activate": the integration ends active.
      const mensagem = await servico.configurarPortal(canal, estado.r, { [campo]: retorno.code }, undefined, quem, {
        ativar: true,
        ...(canal === 'mercadolivre' ? { code_verifier: estado.v } : {}),
      });
      return { id_revenda: estado.r, mensagem };
    },

    /** Facebook / Instagram: keeps a long-lived user token; active only once a page / account is stored. */
    async configurarSocial(
      canal: 'facebook' | 'instagram',
      idRevenda: string,
      tokens: { access_token: string; long_lived_token?: string },
      usuario: string | undefined,
      quem: UsuarioDaSessao,
    ) {
      conferirUsuario(usuario, quem);
      await conferirRevenda(idRevenda);
      const r = await adaptador(canal).configurar(contexto(canal), {
        access_token: tokens.access_token,
        long_lived_token: tokens.long_lived_token ?? '',
      });
      await falhou(idRevenda, canal, quem, r);
      if (!r.ok) throw new Error('inalcançável');
      // Authorised is not active yet: the page / account chosen next (configurarPagina) activates it.
      const atual = await integracoesRepository.buscar(db, idRevenda, canal);
      await guardar(idRevenda, canal, quem, r.valor, { status: !semPagina(canal, atual) });
      return { user_id: String(r.valor.dados.user_id ?? ''), nome: String(r.valor.dados.user_name ?? '') };
    },

    async configurarPagina(
      canal: 'facebook' | 'instagram',
      idRevenda: string,
      p: { page_id: string; page_name: string; page_access_token?: string },
      usuario: string | undefined,
      quem: UsuarioDaSessao,
    ) {
      conferirUsuario(usuario, quem);
      await conferirRevenda(idRevenda);
      const atual = await integracoesRepository.buscar(db, idRevenda, canal);
      const ligar = adaptador(canal).configurarPagina;
      if (!ligar) throw new ErroHttp(400, 'Canal sem página.');
      const r = await ligar(contexto(canal), { id: p.page_id, nome: p.page_name, token: p.page_access_token ?? '' }, segredosDe(atual));
      await falhou(idRevenda, canal, quem, r);
      if (!r.ok) throw new Error('inalcançável');
      await guardar(idRevenda, canal, quem, r.valor, { status: true });
      return r.valor.mensagem;
    },

    /** Cancels the social access: revoked at the network, tokens and page forgotten, status false. */
    async cancelar(canal: 'facebook' | 'instagram', idRevenda: string, usuario: string | undefined, quem: UsuarioDaSessao) {
      conferirUsuario(usuario, quem);
      await conferirRevenda(idRevenda);
      const atual = await integracoesRepository.buscar(db, idRevenda, canal);
      if (!atual) throw new ErroHttp(409, 'Integração não configurada.');
      const revogar = adaptador(canal).revogar;
      const r = revogar ? await revogar(contexto(canal), segredosDe(atual)) : { ok: true as const, valor: 'Acesso cancelado.' };
      // A revocation the network refuses (token already invalid, network down) still ends the access here: the
      // tokens are forgotten and the reseller is told what to do at the network.
      const erro = r.ok ? null : explicarErro(canal, r.erro).message;
      const { page_id: _p, page_name: _n, ...resto } = atual.config as Record<string, unknown>;
      await integracoesRepository.gravar(db, {
        idRevenda,
        canal,
        descricao: atual.descricao,
        status: false,
        config: resto,
        segredos: null,
        usuarioId: quem.id,
        verificacao: { erro, renovarEm: null },
      });
      if (r.ok) return r.valor;
      return `Acesso desativado no painel, mas o ${ROTULO_CANAL[canal]} não confirmou o cancelamento (${erro}). Remova o aplicativo Intermédio nas configurações do ${ROTULO_CANAL[canal]}.`;
    },
  };
  return servico;
}
export type IntegracoesService = ReturnType<typeof criarIntegracoesService>;
