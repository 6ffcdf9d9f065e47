import {
  CAMPOS_SECRETOS,
  CANAIS,
  type CanalId,
  camposIntegracao,
  type Integracao,
  integracaoGravacao,
  MENSAGENS,
  MENSAGENS_INTEGRACAO,
  ROTULO_CANAL,
  type TipoErroCanal,
} from '@intermedio/contracts';
import { z } from 'zod';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { ConfigCanais } from '../../canais/config.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import type { Configuracao, ContextoCanal, ErroCanal, Resultado } from '../../canais/tipos.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { Cofre } from '../../seguranca/cripto.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { integracoesRepository, type RegistroIntegracao } from './integracoes.repository.ts';

/** HTTP status and Portuguese text for each kind of channel failure (never 401: that means "no session"). */
const STATUS_ERRO: Record<TipoErroCanal, number> = {
  auth: 422,
  validation: 422,
  rejected: 422,
  quota: 422,
  rate_limit: 429,
  transient: 502,
};
export function explicarErro(canal: CanalId, e: ErroCanal): ErroHttp {
  const r = ROTULO_CANAL[canal];
  const texto: Record<TipoErroCanal, string> = {
    auth: `${r} recusou as credenciais informadas (${e.mensagem}).`,
    validation: `${r} recusou os dados: ${e.mensagem}.`,
    rejected: `${r} recusou a operação: ${e.mensagem}.`,
    quota: `O limite do plano em ${r} foi atingido: ${e.mensagem}.`,
    rate_limit: `${r} limitou as requisições. Tente novamente em alguns minutos.`,
    transient: `${r} não respondeu (${e.mensagem}). Tente novamente em alguns minutos.`,
  };
  return new ErroHttp(STATUS_ERRO[e.tipo], texto[e.tipo]);
}

export type DependenciasIntegracoes = { db: Db; cofre: Cofre; canais: ConfigCanais; origemInterna: () => string; publicUrl: string };

export function criarIntegracoesService(dep: DependenciasIntegracoes) {
  const { db, cofre } = dep;
  const segredosDe = (r?: RegistroIntegracao): Record<string, string> =>
    r?.segredos ? cofre.decifrar<Record<string, string>>(r.segredos) : {};

  const contexto = (canal: CanalId): ContextoCanal => {
    const c = dep.canais.porCanal[canal];
    return {
      base: c.url ?? `${dep.origemInterna()}/sandbox/${canal}`,
      timeoutMs: dep.canais.timeoutMs,
      app: { clientId: c.clientId, clientSecret: c.clientSecret, redirectUri: `${dep.publicUrl}/integracao/${canal}/retorno` },
    };
  };

  const publico = (canal: CanalId, r?: RegistroIntegracao): Integracao => {
    const segredos = segredosDe(r);
    return {
      canal,
      descricao: ROTULO_CANAL[canal],
      configurado: Boolean(r),
      status: r ? r.status : null,
      dados: (r?.config ?? {}) as Integracao['dados'],
      segredos_salvos: CAMPOS_SECRETOS[canal].filter((c) => segredos[c]),
      so_admin: adaptador(canal).meta.soAdmin,
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

  /** Saves what a channel answered, merged with what was stored; status stays unless given. */
  const guardar = async (
    idRevenda: string,
    canal: CanalId,
    quem: UsuarioDaSessao,
    c: Configuracao,
    extra: { status?: boolean; dados?: object; segredos?: object } = {},
  ) => {
    const atual = await integracoesRepository.buscar(db, idRevenda, canal);
    const segredos = { ...segredosDe(atual), ...extra.segredos, ...c.segredos };
    return integracoesRepository.gravar(db, {
      idRevenda,
      canal,
      descricao: ROTULO_CANAL[canal],
      status: extra.status ?? atual?.status ?? true,
      config: { ...(atual?.config ?? {}), ...extra.dados, ...c.dados },
      segredos: Object.keys(segredos).length ? cofre.cifrar(segredos) : null,
      usuarioId: quem.id,
    });
  };

  /** On a channel failure the record, when it exists, goes back to status false (spec 1 §4). */
  const falhou = async (idRevenda: string, canal: CanalId, quem: UsuarioDaSessao, r: Resultado<unknown>) => {
    if (r.ok) return;
    if (await integracoesRepository.buscar(db, idRevenda, canal))
      await integracoesRepository.definirStatus(db, idRevenda, canal, false, quem.id);
    throw explicarErro(canal, r.erro);
  };

  return {
    /** What publishing a banner or sold item needs: the record's status and page, its secrets and the channel's address. */
    async paraPublicar(idRevenda: string, canal: 'facebook' | 'instagram') {
      const r = await integracoesRepository.buscar(db, idRevenda, canal);
      return r ? { status: r.status, config: r.config as Record<string, unknown>, segredos: segredosDe(r), ctx: contexto(canal) } : null;
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
      const { status, ...campos } = r.data as { status: boolean } & Record<string, string>;
      const atual = await integracoesRepository.buscar(db, idRevenda, canal);
      const guardados = segredosDe(atual);
      const segredos: Record<string, string> = { ...guardados };
      const dados: Record<string, unknown> = { ...(atual?.config ?? {}) };
      for (const [campo, valor] of Object.entries(campos)) {
        if (!CAMPOS_SECRETOS[canal].includes(campo)) dados[campo] = valor;
        else if (valor) segredos[campo] = valor;
        else if (!guardados[campo])
          throw new ErroHttp(400, MENSAGENS.preenchimentoObrigatorio, { [campo]: MENSAGENS.preenchimentoObrigatorio });
      }
      const salvo = await integracoesRepository.gravar(db, {
        idRevenda,
        canal,
        descricao: ROTULO_CANAL[canal],
        status,
        config: dados,
        segredos: Object.keys(segredos).length ? cofre.cifrar(segredos) : null,
        usuarioId: quem.id,
      });
      return publico(canal, salvo);
    },

    /** `POST /api/integracao/{canal}/configurar` for the portals: checks the credentials with the channel. */
    async configurarPortal(
      canal: CanalId,
      idRevenda: string,
      credenciais: Record<string, string>,
      usuario: string | undefined,
      quem: UsuarioDaSessao,
    ) {
      conferirUsuario(usuario, quem);
      conferirCanal(canal, quem);
      await conferirRevenda(idRevenda);
      const guardados = segredosDe(await integracoesRepository.buscar(db, idRevenda, canal));
      const completas = { ...credenciais };
      for (const campo of CAMPOS_SECRETOS[canal]) if (!completas[campo]) completas[campo] = guardados[campo] ?? '';
      const faltando = CAMPOS_SECRETOS[canal].filter((c) => !completas[c]);
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
      const resultado = await adaptador(canal).configurar(contexto(canal), completas);
      await falhou(idRevenda, canal, quem, resultado);
      if (!resultado.ok) throw new Error('inalcançável');
      const segredosInformados = Object.fromEntries(CAMPOS_SECRETOS[canal].map((c) => [c, completas[c] ?? '']).filter(([, v]) => v));
      const dadosInformados = Object.fromEntries(Object.entries(completas).filter(([c]) => !CAMPOS_SECRETOS[canal].includes(c)));
      await guardar(idRevenda, canal, quem, resultado.valor, { segredos: segredosInformados, dados: dadosInformados });
      return resultado.valor.mensagem;
    },

    /** Facebook / Instagram: keeps a long-lived user token; status true means authorised. */
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
      await guardar(idRevenda, canal, quem, r.valor, { status: true });
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
      if (!r.ok) throw explicarErro(canal, r.erro);
      const { page_id: _p, page_name: _n, ...resto } = atual.config as Record<string, unknown>;
      await integracoesRepository.gravar(db, {
        idRevenda,
        canal,
        descricao: atual.descricao,
        status: false,
        config: resto,
        segredos: null,
        usuarioId: quem.id,
      });
      return r.valor;
    },
  };
}
export type IntegracoesService = ReturnType<typeof criarIntegracoesService>;
