import type { CampoPadrao, PadroesPublicacao } from '@intermedio/contracts';
import type { Configuracao, ContextoCanal, Resultado } from './tipos.ts';

/**
 * Per-vehicle publishing (spec 3): what every channel's adapter offers the publishing framework
 * (`modules/publicacao/`). The framework authorises, loads the vehicle and the reseller's channel session, records
 * the send durably (vehicle × channel, idempotency key, pendente) BEFORE calling `enviar`, and reconciles pending
 * sends after a crash by calling `consultar`. Adapters only speak the channel's protocol and map the product's data
 * to the channel's codes; they never touch the database.
 */

/** The product's data a channel needs, already authorised and loaded ("Dados Intermédio"). */
export type VeiculoParaCanal = {
  id: string;
  revendaId: string;
  /** carro | moto | caminhao (veiculos.vetipoveiculo). */
  tipo: string;
  marca: string;
  /** vefipe_name: the first word is the model, the rest the version (spec 3 §3.2). */
  modelo: string;
  versao: string;
  anoFabricacao: number | null;
  anoModelo: number | null;
  placa: string;
  km: number;
  /** Price in reais. */
  valor: number;
  cor: string;
  combustivel: string;
  cambio: 'A' | 'M';
  portas: number | null;
  carroceria: string;
  novo: boolean;
  blindado: boolean;
  ipvaPago: boolean;
  garantiaFabrica: boolean;
  observacao: string;
  opcionais: string[];
  /** In display order: public addresses (display size and original) and the stored object key of the original. */
  fotos: { url: string; urlOriginal: string; miniatura: string; chave: string }[];
  revenda: {
    nomeFantasia: string;
    telefone: string;
    cep: string;
    endereco: string;
    bairro: string;
    cidade: string;
    uf: string;
    /** The reseller's site (pehomepage), empty when none. */
    site?: string;
  };
};

/**
 * The reseller's stored configuration of the channel: decrypted secrets (tokens, hash) and plain data.
 * `renovada`: the framework stores what an adapter had to renew in the middle of a call (Webmotors answers "31" when
 * its hash expired: the adapter logs in again with the stored password and retries), as a scheduled renewal does.
 */
export type SessaoCanal = {
  segredos: Record<string, string>;
  dados: Record<string, unknown>;
  renovada?: (nova: Configuracao) => Promise<void>;
  /**
   * The channel refused the access token (401) although the job had not renewed it yet: renews it now, under the
   * same claim as the job (a single-use refresh token is never spent twice), at most once per session (later calls
   * share the first answer). The new secrets, or null when the renewal failed. Used through `portador.ts`.
   */
  renovarToken?: () => Promise<Record<string, string> | null>;
};

/** One choice of a channel list (brands, models, versions, colours…), sorted case-insensitively by `nome`. */
export type OpcaoCanal = { id: string; nome: string };

/** An advert as the channel reports it. `confirmacao` pending: the channel confirms later (OLX import, IG container). */
export type AnuncioCanal = {
  idAnuncio: string;
  urlAnuncio?: string;
  /** Whatever else the channel returned that the spec keeps on the integration record (spec 3 §3.1). */
  dados?: Record<string, unknown>;
  confirmacao?: 'imediata' | 'pendente';
};

/**
 * Where a channel's own advert number sits in the stored answer (`dados`) when the advert's id is the integrator's:
 * OLX's import takes our id and answers its own `list_id` (channels.md §1), the number in the advert's address.
 */
const CODIGO_NO_CANAL: Readonly<Record<string, string>> = { olx: 'list_id' };
export function codigoNoCanal(canal: string, dados: Record<string, unknown> | null | undefined): string | null {
  const chave = CODIGO_NO_CANAL[canal];
  const valor = chave ? dados?.[chave] : undefined;
  return typeof valor === 'string' || typeof valor === 'number' ? String(valor) : null;
}

/** What identifies this send at the channel, so a retry or a reconciliation finds the advert instead of creating one. */
export type ReferenciaEnvio = { chave: string; veiculoId: string };

/**
 * What the reconciliation knows of a pending send: its reference, the advert id when the channel already gave one,
 * the post as sent and when the attempt started (channels without an integrator reference, such as the Graph API,
 * find the advert by its text among those published since then), and what the channel answered when it confirms
 * later (`AnuncioCanal.dados` of a `pendente` answer: OLX's import token).
 */
export type ReferenciaConsulta<Post = unknown> = ReferenciaEnvio & {
  idAnuncio?: string;
  post?: Post;
  desde?: Date;
  dados?: Record<string, unknown>;
};

export interface PublicacaoVeiculo<Rascunho = unknown, Post = unknown> {
  /**
   * How long `enviar` may wait for the channel, when longer than the usual limit (iCarros: 360 s, spec 3 §9). The
   * send's lease outlasts it, so no click or reconciliation takes the send over while the channel still processes it.
   */
  esperaEnvioSegundos?: number;
  /** The prefilled draft plus the channel's lists (`/incluir`; `/alterar-get` with the advert id). */
  rascunho(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, idAnuncio?: string): Promise<Resultado<Rascunho>>;
  /** Cascades (`/consultar-modelo`, `/consultar-versao`). */
  modelos?(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, marca: string): Promise<Resultado<OpcaoCanal[]>>;
  versoes?(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, marca: string, modelo: string): Promise<Resultado<OpcaoCanal[]>>;
  /** Creates the advert. Must carry `ref.chave` to the channel where the protocol allows an integrator reference. */
  enviar(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, post: Post, ref: ReferenciaEnvio): Promise<Resultado<AnuncioCanal>>;
  /** Sends a change of a published advert (Autoscar, Webmotors). */
  alterar?(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, idAnuncio: string, post: Post): Promise<Resultado<AnuncioCanal>>;
  /**
   * Sync (issue 24 item 1): the post that brings a published advert up to the vehicle's current data. `enviado` is the
   * post of the last send or change as stored (veiculo_integracoes.envio): what the vehicle does not determine (plan,
   * the channel's codes of brand / model / version, category, contact) is kept from it; what it determines (price, km,
   * photos and their order, description, optionals, colour, the rest) comes from `v`. Pure: no call to the channel.
   */
  postAtualizado?(v: VeiculoParaCanal, enviado: Post): Post;
  /**
   * Sync: sends that post through the channel's own edit operation (channels.md: Olx `insert` on the same id, Mercado
   * Livre `PUT /items/{id}`, iCarros `PUT /deals/{id}`…), never creating an advert; the same update twice leaves the
   * advert as once. Absent where the channel cannot edit (Instagram: "Publicar de novo" = excluir + enviar).
   */
  atualizar?(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, idAnuncio: string, post: Post): Promise<Resultado<AnuncioCanal>>;
  /**
   * Bulk publish (issue 24 item 3): the post the Incluir screen would send, from this vehicle's draft (`rascunho`)
   * with the reseller's defaults applied to what the vehicle's data does not map. Never a guessed value: a required
   * choice still empty, or an ambiguous catalogue match, answers `revisao` with the fields' labels as the Incluir
   * screen names them. Pure: no call to the channel.
   */
  postPadrao?(rascunho: Rascunho, v: VeiculoParaCanal, padroes: PadroesPublicacao): { post: Post } | { revisao: string[] };
  /** Which defaults `postPadrao` reads, as the channel's "Padrões de publicação" screen asks them. */
  camposPadrao?: readonly CampoPadrao[];
  /**
   * The choices of `camposPadrao` that come from the channel's own lists (Webmotors' modalities, Autoscar's start and
   * cooling types): `campo` → options, for the "Padrões de publicação" screen's selects and the check of a saved value.
   */
  opcoesPadrao?(ctx: ContextoCanal, sessao: SessaoCanal): Promise<Resultado<Record<string, OpcaoCanal[]>>>;
  /**
   * Removes the advert; the channel's "already removed" answer is `jaRemovido` (spec 3 §4). `manual`: the channel
   * offers no removal through its API (Instagram, channels.md §10): the product forgets the advert and says so.
   */
  excluir(ctx: ContextoCanal, sessao: SessaoCanal, idAnuncio: string): Promise<Resultado<'removido' | 'jaRemovido' | 'manual'>>;
  /**
   * Reconciliation: does the advert of this send exist at the channel? (by the integrator reference, or by the
   * advert id when known). `null`: it does not, so nothing was created. Also polls asynchronous confirmations:
   * `confirmacao: 'pendente'` asks again at the next round; a `rejected` error means the channel refused the advert.
   */
  consultar(ctx: ContextoCanal, sessao: SessaoCanal, ref: ReferenciaConsulta<Post>): Promise<Resultado<AnuncioCanal | null>>;
}
