import { type CampoPadrao, type CanalId, MENSAGENS, MENSAGENS_PADROES, type PadroesPublicacao, ROTULO_CANAL } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import type { Configuracao } from '../../canais/tipos.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp } from '../../lib/http.ts';
import type { IntegracoesService } from './integracoes.service.ts';
import { padroesRepository } from './padroes.repository.ts';

/** Which defaults the channel's bulk publish reads (none while the channel has no bulk publish). */
export const camposPadraoDo = (canal: CanalId): readonly CampoPadrao[] => adaptador(canal).publicacao?.camposPadrao ?? [];

/** The defaults as flat `campo` → value ('plano', 'escolhas.CodigoCor'…), empty values left out (empty means "ask"). */
function achatar(p: PadroesPublicacao): [string, string][] {
  const { escolhas, ...topo } = p;
  return [...Object.entries(topo), ...Object.entries(escolhas ?? {}).map(([c, v]) => [`escolhas.${c}`, v] as const)].filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
  );
}

/**
 * "Padrões de publicação" of a reseller × channel (issue 24 item 3). Who may read and write them is who may read and
 * write the channel's configuration (`integracoes.buscar`: the reseller's own users, and only the admin for a channel
 * only the admin configures). Only a configured channel has defaults; a default the channel does not read, or a
 * value outside the channel's fixed choices, is refused (400) and nothing is saved.
 */
export function criarPadroesService(dep: { db: Db; integracoes: IntegracoesService }) {
  const { db } = dep;
  /**
   * The channel's fields, with the options of those that come from its own lists (`opcoesPadrao`: Webmotors'
   * modalities, Autoscar's start types) when the channel is active and answers; otherwise they stay free text, and
   * `postPadrao` still checks the value against the vehicle's draft (a value not in the channel's list is no default).
   */
  async function campos(idRevenda: string, canal: CanalId): Promise<CampoPadrao[]> {
    const base = [...camposPadraoDo(canal)];
    const opcoesPadrao = adaptador(canal).publicacao?.opcoesPadrao;
    if (!opcoesPadrao || !base.length) return base;
    const i = await dep.integracoes.paraPublicar(idRevenda, canal);
    if (!i?.status) return base;
    const sessao = {
      segredos: i.segredos,
      dados: i.config,
      renovada: (n: Configuracao) => dep.integracoes.guardarRenovada(idRevenda, canal, n),
    };
    const r = await opcoesPadrao(i.ctx, sessao);
    return r.ok ? base.map((c) => (r.valor[c.campo] ? { ...c, opcoes: r.valor[c.campo] } : c)) : base;
  }
  const resposta = async (idRevenda: string, canal: CanalId, lista?: CampoPadrao[]) => ({
    padroes: (await padroesRepository.buscar(db, idRevenda, canal)) ?? {},
    campos: lista ?? (await campos(idRevenda, canal)),
  });
  return {
    async buscar(idRevenda: string, canal: CanalId, quem: UsuarioDaSessao) {
      await dep.integracoes.buscar(idRevenda, canal, quem);
      return resposta(idRevenda, canal);
    },

    async gravar(idRevenda: string, canal: CanalId, padroes: PadroesPublicacao, quem: UsuarioDaSessao) {
      const registro = await dep.integracoes.buscar(idRevenda, canal, quem);
      if (!registro.configurado) throw new ErroHttp(422, MENSAGENS_PADROES.naoConfigurado(ROTULO_CANAL[canal]));
      const lista = await campos(idRevenda, canal);
      const porCampo = new Map(lista.map((c) => [c.campo, c]));
      const erros: Record<string, string> = {};
      const valores = achatar(padroes);
      for (const [campo, valor] of valores) {
        const def = porCampo.get(campo);
        if (!def) erros[campo] = MENSAGENS_PADROES.campoDoCanal;
        else if (def.opcoes && !def.opcoes.some((o) => o.id === valor)) erros[campo] = MENSAGENS_PADROES.opcaoInvalida;
      }
      const primeiro = Object.entries(erros)[0];
      if (primeiro) throw new ErroHttp(400, `${MENSAGENS.dadosInvalidos} ${primeiro[0]}: ${primeiro[1]}`, erros);
      const limpos: PadroesPublicacao = {};
      const escolhas: Record<string, string> = {};
      for (const [campo, valor] of valores) {
        if (campo.startsWith('escolhas.')) escolhas[campo.slice('escolhas.'.length)] = valor;
        else limpos[campo as Exclude<keyof PadroesPublicacao, 'escolhas'>] = valor;
      }
      if (Object.keys(escolhas).length) limpos.escolhas = escolhas;
      await padroesRepository.gravar(db, idRevenda, canal, limpos, quem.id);
      return resposta(idRevenda, canal, lista);
    },
  };
}
export type PadroesService = ReturnType<typeof criarPadroesService>;
