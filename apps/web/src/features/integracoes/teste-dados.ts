import { CANAIS, type CanalId, type Integracao, ROTULO_CANAL } from '@intermedio/contracts';

/** An API record of one channel for unit tests (not configured unless `status` is given). */
export function registroTeste(canal: CanalId, extra: Partial<Integracao> = {}): Integracao {
  const configurado = extra.status !== undefined && extra.status !== null;
  return {
    canal,
    descricao: ROTULO_CANAL[canal],
    configurado,
    status: configurado ? (extra.status ?? null) : null,
    pendencia: null,
    dados: {},
    segredos_salvos: [],
    so_admin: canal === 'autoscar' || canal === 'olx',
    verificado_em: null,
    ultimo_erro: null,
    created_at: configurado ? '2025-01-10T12:00:00.000Z' : null,
    updated_at: configurado ? '2025-01-10T12:00:00.000Z' : null,
    ...extra,
  };
}

/** The ten channels in label order, with `mudancas` applied per channel. */
export function listaTeste(mudancas: Partial<Record<CanalId, Partial<Integracao>>> = {}): Integracao[] {
  return [...CANAIS].sort((a, b) => ROTULO_CANAL[a].localeCompare(ROTULO_CANAL[b], 'pt-BR')).map((c) => registroTeste(c, mudancas[c]));
}
