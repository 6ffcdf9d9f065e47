/**
 * The access matrix: every API route and who may call it. A route missing here fails the access test,
 * so every new route must join this table (with an example request when it needs params or a body).
 *
 * Rules: publico (anyone) · autenticado (any active signed-in user) · admin · revenda (admin, or any user of
 * the reseller in the URL or body) · gestorRevenda (admin, or the gestor of that reseller) · equipe (admin or any gestor).
 * In examples `:idRevenda` is reseller A (Auto Demo Veículos).
 */
import { CANAIS } from '@intermedio/contracts';
import { rotasDoCanal } from '../src/modules/publicacao/publicacao.routes.ts';

export type Regra = 'publico' | 'autenticado' | 'admin' | 'revenda' | 'gestorRevenda' | 'equipe';

export type Ids = { revendaA: string; revendaB: string; gestorA: string; clienteA: string; admin: string; veiculoA: string };

export type EntradaMatriz = {
  regra: Regra;
  /** Concrete URL and body for the request; defaults to the route path with :idRevenda = reseller A. */
  exemplo?: (ids: Ids) => { url?: string; payload?: unknown };
  /** An allowed call ends the caller's session: the test signs in again for it. */
  encerraSessao?: boolean;
  /** Server-Sent Events: only the answer's status is read. */
  fluxo?: boolean;
  /** An allowed call destroys what other calls need (deletes the reseller or a user): each role gets a fresh database. */
  destrutiva?: boolean;
};

/** A 1x1 PNG, as the data URL the frame upload takes. */
const PNG_1X1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const revendaA = {
  perazao_social_nome: 'Carlos Andrade',
  penome_fantasia: 'Auto Demo Veículos',
  peemail: 'contato@autodemo.test',
  plano: 'concessionaria',
};
/** A version older than any record: an allowed change answers 409 (the optimistic lock), which is not a refusal. */
const VERSAO_ANTIGA = '2000-01-01T00:00:00.000Z';
const sufixo = () => Math.random().toString(36).slice(2, 10);

export const MATRIZ: Record<string, EntradaMatriz> = {
  'GET /api/health': { regra: 'publico' },
  'GET /api/ready': { regra: 'publico' },
  'GET /api/openapi.json': { regra: 'publico' },
  'GET /api/docs/': { regra: 'publico' },
  'GET /api/docs/json': { regra: 'publico' },
  'GET /api/docs/yaml': { regra: 'publico' },
  'GET /api/docs/static/index.html': { regra: 'publico' },
  'GET /api/docs/static/swagger-initializer.js': { regra: 'publico' },
  'GET /api/docs/static/*': { regra: 'publico', exemplo: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'POST /api/auth/login': { regra: 'publico', exemplo: () => ({ payload: { email: 'gestor@motosbasico.test', senha: 'demo1234' } }) },
  'POST /api/auth/logout': { regra: 'autenticado', encerraSessao: true },
  'GET /api/auth/sessao': { regra: 'autenticado' },
  'GET /api/eventos': { regra: 'autenticado', fluxo: true },
  // Issue 28 item 5: the instance's log level, admin only (the test's level stays silent).
  'PUT /api/admin/log': { regra: 'admin', exemplo: () => ({ payload: { nivel: 'silent' } }) },
  'GET /api/dashboard/contadores': { regra: 'admin' },
  'GET /api/dashboard/painel': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/dashboard': { regra: 'revenda' },
  'GET /api/dashboard/vendidos-com-anuncios': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/dashboard/vendas': { regra: 'revenda' },
  'GET /api/revendas/:idRevenda/dashboard/painel': { regra: 'revenda' },
  'GET /api/revendas/:idRevenda/dashboard/acima-fipe': { regra: 'revenda' },

  // Resellers (issue 3)
  'GET /api/revendas': { regra: 'admin' },
  'POST /api/revendas': {
    regra: 'admin',
    exemplo: () => ({ payload: { ...revendaA, penome_fantasia: `Nova ${sufixo()}`, plano: 'vendedor' } }),
  },
  'GET /api/revendas/:idRevenda': { regra: 'revenda' },
  'GET /api/revendas/lista/:idRevenda': { regra: 'admin' },
  'PUT /api/revendas/:idRevenda': { regra: 'gestorRevenda', exemplo: () => ({ payload: { ...revendaA, versao: VERSAO_ANTIGA } }) },
  'DELETE /api/revendas/:idRevenda': { regra: 'gestorRevenda', destrutiva: true },
  'POST /api/revendas/:idRevenda/usuarios/ativo': { regra: 'admin', exemplo: () => ({ payload: { ativo: 1 } }) },
  'POST /api/revendas/:idRevenda/site/ativo': { regra: 'admin', exemplo: () => ({ payload: { ativo: 1 } }) },
  'POST /api/arquivos/logotipo': { regra: 'equipe' },
  'POST /api/file/upload-imagem-moldura': {
    regra: 'gestorRevenda',
    exemplo: (ids) => ({ payload: { id_revenda: ids.revendaA, file: PNG_1X1, tipo_moldura: 'imagem_rodape', diretorio: 'molduras' } }),
  },
  // Image pipeline (issue 8): the allowed call without a file gets 400; the upload itself is in midia-rota.test.ts.
  'POST /api/revendas/:idRevenda/imagens': {
    regra: 'revenda',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/imagens?tipo=veiculo` }),
  },

  // Users of a reseller (issue 3)
  'GET /api/revendas/:idRevenda/usuarios': { regra: 'gestorRevenda' },
  // Site feed (issue 27): the setting is the gestor's (and an admin's); the feed itself is public (unknown slug: 404).
  'GET /api/revendas/:idRevenda/feed': { regra: 'gestorRevenda' },
  'PUT /api/revendas/:idRevenda/feed': { regra: 'gestorRevenda', exemplo: () => ({ payload: { ativo: false } }) },
  'POST /api/revendas/:idRevenda/feed/novo-endereco': { regra: 'gestorRevenda', exemplo: () => ({ payload: {} }) },
  'GET /feed/:arquivo': { regra: 'publico', exemplo: () => ({ url: '/feed/AAAAAAAAAAAAAAAAAAAAAAAA.json' }) },
  'POST /api/revendas/:idRevenda/usuarios': {
    regra: 'gestorRevenda',
    exemplo: () => {
      const email = `novo.${sufixo()}@autodemo.test`;
      return { payload: { nome: 'Novo', email, senha: 'Carro#2026', confirmacao: 'Carro#2026', role: 'client' } };
    },
  },
  'GET /api/revendas/:idRevenda/usuarios/:idUsuario': { regra: 'gestorRevenda' },
  'GET /api/revendas/:idRevenda/usuarios/lista/:idUsuario': { regra: 'gestorRevenda' },
  'PUT /api/revendas/:idRevenda/usuarios/:idUsuario': {
    regra: 'gestorRevenda',
    exemplo: () => ({ payload: { nome: 'Cliente Auto Demo', role: 'client', versao: VERSAO_ANTIGA } }),
  },
  'DELETE /api/revendas/:idRevenda/usuarios/:idUsuario': { regra: 'gestorRevenda', destrutiva: true },
  'POST /api/revendas/:idRevenda/usuarios/:idUsuario/redefinir-senha': { regra: 'gestorRevenda' },
  'POST /api/senha/esqueci': { regra: 'publico', exemplo: () => ({ payload: { email: 'ninguem@acesso.test' } }) },
  'GET /api/senha/redefinicao/:token': { regra: 'publico', exemplo: () => ({ url: `/api/senha/redefinicao/${'x'.repeat(43)}` }) },
  'POST /api/senha/redefinir': { regra: 'publico', exemplo: () => ({ payload: { token: 'x'.repeat(43), senha: 'a', confirmacao: 'a' } }) },

  // Channel configuration (issue 4)
  'GET /api/revendas/:idRevenda/integracoes': { regra: 'revenda' },
  'GET /api/revendas/:idRevenda/integracoes/:canal': {
    regra: 'revenda',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/integracoes/webmotors` }),
  },
  'PUT /api/revendas/:idRevenda/integracoes/:canal': {
    regra: 'revenda',
    exemplo: (ids) => ({
      url: `/api/revendas/${ids.revendaA}/integracoes/icarros`,
      payload: { status: true, email_icarros: 'loja@autodemo.test', senha_icarros: 'segredo' },
    }),
  },
  // Sync of published adverts after a save (issue 24 item 1): automático / perguntar.
  'GET /api/revendas/:idRevenda/sincronizacao': { regra: 'revenda' },
  'PUT /api/revendas/:idRevenda/sincronizacao': { regra: 'revenda', exemplo: () => ({ payload: { sincronizacao: 'automatico' } }) },
  // "Padrões de publicação" (issue 24 item 3): who reads / writes the channel's configuration (a soAdmin channel: admin,
  // checked in the service as the configuration's). Reseller A's Webmotors is not configured: an allowed PUT gets 422.
  'GET /api/revendas/:idRevenda/integracoes/:canal/padroes': {
    regra: 'revenda',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/integracoes/webmotors/padroes` }),
  },
  'PUT /api/revendas/:idRevenda/integracoes/:canal/padroes': {
    regra: 'revenda',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/integracoes/webmotors/padroes`, payload: {} }),
  },
  'GET /api/integracao/social/config': { regra: 'autenticado' },
  // "Autorizar no canal" (issue 11): Olx admin only, Mercado Livre also the reseller's users; the return is any
  // signed-in user (the sealed state says the reseller and must be of this session: a foreign state is 400/403).
  'GET /api/revendas/:idRevenda/integracoes/olx/autorizacao': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/integracoes/mercadolivre/autorizacao': { regra: 'revenda' },
  'POST /api/integracao/olx/retorno': { regra: 'autenticado', exemplo: () => ({ payload: { state: 'v1.ilegivel', code: 'x' } }) },
  'POST /api/integracao/mercadolivre/retorno': { regra: 'autenticado', exemplo: () => ({ payload: { state: 'v1.ilegivel', code: 'x' } }) },
  ...configurarCanais(),

  // Catalogues and FIPE (issue 5). Reading the catalogues and the price lookup: any signed-in user (the resellers'
  // vehicle forms use them); writing and the manual FIPE table (spec calls outside /api): admin only.
  'GET /api/opcionais': { regra: 'autenticado' },
  'POST /api/opcionais': { regra: 'admin', exemplo: () => ({ payload: { descricao: `Matriz ${sufixo()}`, ordenacao: '1' } }) },
  'GET /api/opcionais/:idOpcional': { regra: 'autenticado', exemplo: () => ({ url: `/api/opcionais/${ID_INEXISTENTE}` }) },
  'PUT /api/opcionais/:idOpcional': {
    regra: 'admin',
    exemplo: () => ({ url: `/api/opcionais/${ID_INEXISTENTE}`, payload: { descricao: 'Matriz', ordenacao: 1, versao: VERSAO_ANTIGA } }),
  },
  'DELETE /api/opcionais/:idOpcional': { regra: 'admin', exemplo: () => ({ url: `/api/opcionais/${ID_INEXISTENTE}` }) },
  'GET /api/locais-anuncio': { regra: 'autenticado' },
  'POST /api/locais-anuncio': { regra: 'admin', exemplo: () => ({ payload: { descricao: `Matriz ${sufixo()}`, ordenacao: 1 } }) },
  'GET /api/locais-anuncio/:idLocalAnuncio': { regra: 'autenticado', exemplo: () => ({ url: `/api/locais-anuncio/${ID_INEXISTENTE}` }) },
  'PUT /api/locais-anuncio/:idLocalAnuncio': {
    regra: 'admin',
    exemplo: () => ({
      url: `/api/locais-anuncio/${ID_INEXISTENTE}`,
      payload: { descricao: 'Matriz', ordenacao: 1, versao: VERSAO_ANTIGA },
    }),
  },
  'DELETE /api/locais-anuncio/:idLocalAnuncio': { regra: 'admin', exemplo: () => ({ url: `/api/locais-anuncio/${ID_INEXISTENTE}` }) },
  'GET /api/fipe/:tipo/marcas': { regra: 'autenticado', exemplo: () => ({ url: '/api/fipe/1/marcas' }) },
  'GET /api/fipe/:tipo/marcas/:marca/modelos': { regra: 'autenticado', exemplo: () => ({ url: '/api/fipe/1/marcas/21/modelos' }) },
  'GET /api/fipe/:tipo/marcas/:marca/modelos/:modelo/anos': {
    regra: 'autenticado',
    exemplo: () => ({ url: '/api/fipe/1/marcas/21/modelos/argo/anos' }),
  },
  'GET /api/fipe/:tipo/marcas/:marca/modelos/:modelo/anos/:ano/versoes': {
    regra: 'autenticado',
    exemplo: () => ({ url: '/api/fipe/1/marcas/21/modelos/argo/anos/2024/versoes' }),
  },
  'GET /api/fipe/:tipo/sugestoes': { regra: 'autenticado', exemplo: () => ({ url: '/api/fipe/2/sugestoes?campo=marca&q=ya' }) },
  'POST /fipe-manual/listar': { regra: 'admin', exemplo: () => ({ payload: { api_key: 'ignorada' } }) },
  'POST /fipe-manual/incluir': {
    regra: 'admin',
    exemplo: () => ({ payload: { tipo: 1, marca_api: 'Fiat', modelo_api: 'Argo', versao_api: `Matriz ${sufixo()}`, anomod: '2026' } }),
  },
  'POST /fipe-manual/deletar': { regra: 'admin', exemplo: () => ({ payload: { veiculo_id: ID_INEXISTENTE } }) },

  // Banners and sold items (issue 9): any user of the reseller; publishing checks the item's reseller from the body.
  ...publicacaoSocial(),

  // Per-vehicle publishing (spec 3 §7): the vehicle's reseller (read from id_veiculo), for every publishing channel.
  ...publicacaoVeiculos(),

  // Vehicle stock (issue 8): admin any reseller, the reseller's own users theirs; a vehicle of no row answers 404.
  ...veiculos(),

  // Moderation dashboards (issue 14): admin only. Validating an entry that is not queued answers 404.
  'GET /api/moderacao/veiculos/:fila': { regra: 'admin', exemplo: () => ({ url: '/api/moderacao/veiculos/incluidos' }) },
  'GET /api/moderacao/veiculos/:fila/lista/:idEntrada': {
    regra: 'admin',
    exemplo: () => ({ url: `/api/moderacao/veiculos/alterados/lista/${ID_INEXISTENTE}` }),
  },
  'POST /api/moderacao/veiculos/:fila/linhas': {
    regra: 'admin',
    exemplo: () => ({ url: '/api/moderacao/veiculos/incluidos/linhas', payload: { ids: [ID_INEXISTENTE] } }),
  },
  'POST /api/moderacao/publicacoes/:fila/linhas': {
    regra: 'admin',
    exemplo: () => ({ url: '/api/moderacao/publicacoes/banners/linhas', payload: { ids: [ID_INEXISTENTE] } }),
  },
  'GET /api/moderacao/publicacoes/:fila': { regra: 'admin', exemplo: () => ({ url: '/api/moderacao/publicacoes/banners' }) },
  'GET /api/moderacao/publicacoes/:fila/lista/:idEntrada': {
    regra: 'admin',
    exemplo: () => ({ url: `/api/moderacao/publicacoes/vendidos/lista/${ID_INEXISTENTE}` }),
  },
  'POST /api/moderacao/:fila/validar': {
    regra: 'admin',
    exemplo: () => ({ url: '/api/moderacao/removidos/validar', payload: { ids: [ID_INEXISTENTE] } }),
  },
  'POST /api/moderacao/:fila/:idEntrada/validar': {
    regra: 'admin',
    exemplo: () => ({ url: `/api/moderacao/incluidos/${ID_INEXISTENTE}/validar` }),
  },

  // Highlight images and site banners (issue 9): admin only.
  'GET /api/revendas/:idRevenda/imagens-destaque': { regra: 'admin' },
  'POST /api/revendas/:idRevenda/imagens-destaque': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/imagens-destaque/lista/:idImagem': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/imagens-destaque/lista/${ID_INEXISTENTE}` }),
  },
  'DELETE /api/revendas/:idRevenda/imagens-destaque/:idImagem': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/imagens-destaque/${ID_INEXISTENTE}` }),
  },
  'GET /api/revendas/:idRevenda/banners-site': { regra: 'admin' },
  'POST /api/revendas/:idRevenda/banners-site': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/banners-site/lista/:idImagem': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/banners-site/lista/${ID_INEXISTENTE}` }),
  },
  'DELETE /api/revendas/:idRevenda/banners-site/:idImagem': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/banners-site/${ID_INEXISTENTE}` }),
  },

  // Notifications (issue 9): admin only; any signed-in user registers their own device for push.
  'GET /api/revendas/:idRevenda/notificacoes': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/notificacoes/lista/:idNotificacao': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/notificacoes/lista/${ID_INEXISTENTE}` }),
  },
  'POST /api/revendas/:idRevenda/notificacoes': { regra: 'admin', exemplo: () => ({ payload: { titulo: 'Matriz', acesso: 'todos' } }) },
  'DELETE /api/revendas/:idRevenda/notificacoes/:idNotificacao': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/notificacoes/${ID_INEXISTENTE}` }),
  },
  'POST /api/revendas/:idRevenda/notificacoes/:idNotificacao/lembrete': {
    regra: 'admin',
    exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/notificacoes/${ID_INEXISTENTE}/lembrete` }),
  },
  'POST /api/usuarios/eu/push-token': { regra: 'autenticado', exemplo: () => ({ payload: { token: '' } }) },
  // Video of a banner or sold item: the reseller comes in the multipart body (checked against the session by the route).
  'POST /api/file/upload-video': { regra: 'autenticado' },
};

/** Lists, include and the spec's publish calls of banners and sold items. */
function publicacaoSocial(): Record<string, EntradaMatriz> {
  const entradas: Record<string, EntradaMatriz> = {};
  for (const [tipo, caminho, texto] of [
    ['banner', 'banners', 'peblocotextobanners'],
    ['vendido', 'vendidos', 'peblocotextovendidos'],
  ] as const) {
    entradas[`GET /api/revendas/:idRevenda/${caminho}`] = { regra: 'revenda' };
    entradas[`GET /api/revendas/:idRevenda/${caminho}/lista/:idItem`] = {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/${caminho}/lista/${ID_INEXISTENTE}` }),
    };
    entradas[`POST /api/revendas/:idRevenda/${caminho}`] = {
      regra: 'revenda',
      exemplo: () => ({ payload: { imagem: [{ fileUrl: '/arquivos/inexistente.jpg', fileName: 'x.jpg' }], [texto]: 'Matriz' } }),
    };
    for (const rede of ['instagram', 'facebook']) {
      entradas[`POST /api/integracao/${rede}/incluir-${tipo}`] = {
        regra: 'revenda',
        exemplo: (ids) => ({ payload: { [tipo]: { id: ID_INEXISTENTE, revenda: ids.revendaA, ig_stories: true, ig_feed: false } } }),
      };
    }
  }
  return entradas;
}

/**
 * `POST /api/integracao/{canal}/{chamada}` of every channel that publishes vehicles (the same list the server
 * registers). Examples name a vehicle of reseller A with an empty post: allowed callers get 400 (validation) or 404/422,
 * refused ones 401/403 before anything reaches the channel.
 */
function publicacaoVeiculos(): Record<string, EntradaMatriz> {
  const entradas: Record<string, EntradaMatriz> = {};
  for (const canal of CANAIS) {
    for (const chamada of rotasDoCanal(canal)) {
      entradas[`POST /api/integracao/${canal}/${chamada}`] = {
        regra: 'revenda',
        exemplo: (ids) => ({
          payload: { id_veiculo: ids.veiculoA, id_anuncio: 'inexistente', marca: 'x', modelo: 'x', veiculo_post: {} },
        }),
      };
    }
  }
  return entradas;
}

/** A valid vehicle for the include and change examples. */
export const VEICULO_EXEMPLO = {
  vetipoveiculo: 'carro',
  vefipe_marca: 'Fiat',
  ve_modelo: 'Argo',
  ve_versao: 'Drive 1.0 Flex',
  veano_fabricacao: 2022,
  vefipe_ano_modelo: 2023,
  vecambio: 'M',
  vecor: 'Branco',
  veportas: 4,
  vecarroceria: 'Hatch',
  veiplaca: 'ABC1D23',
  vequilometragem: '35000',
  vevalor: '72.900,00',
};

function veiculos(): Record<string, EntradaMatriz> {
  const base = '/api/revendas/:idRevenda/veiculos';
  const deNenhum = (sufixoUrl = '') => ({
    exemplo: (ids: Ids) => ({
      url: `/api/revendas/${ids.revendaA}/veiculos/${ID_INEXISTENTE}${sufixoUrl.replace(':nenhum', ID_INEXISTENTE)}`,
    }),
  });
  return {
    [`GET ${base}`]: { regra: 'revenda' },
    [`POST ${base}`]: { regra: 'revenda', exemplo: () => ({ payload: VEICULO_EXEMPLO }) },
    [`GET ${base}/lista/:idVeiculo`]: {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/lista/${ID_INEXISTENTE}` }),
    },
    [`GET ${base}/historico`]: { regra: 'revenda' },
    [`GET ${base}/historico/lista/:idVeiculo`]: {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/historico/lista/${ID_INEXISTENTE}` }),
    },
    [`POST ${base}/historico/limpar`]: {
      regra: 'admin',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaB}/veiculos/historico/limpar` }),
    },
    [`POST ${base}/historico/limpar-imagens`]: {
      regra: 'admin',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaB}/veiculos/historico/limpar-imagens` }),
    },
    [`GET ${base}/:idVeiculo`]: { regra: 'revenda', ...deNenhum() },
    [`PUT ${base}/:idVeiculo`]: {
      regra: 'revenda',
      exemplo: (ids) => ({
        url: `/api/revendas/${ids.revendaA}/veiculos/${ID_INEXISTENTE}`,
        payload: { ...VEICULO_EXEMPLO, versao: new Date().toISOString() },
      }),
    },
    [`DELETE ${base}/:idVeiculo`]: { regra: 'revenda', ...deNenhum() },
    'GET /api/revendas/:idRevenda/locais-anuncio': { regra: 'revenda' },
    'POST /api/locais-anuncio/buscar-versoes': {
      regra: 'revenda',
      exemplo: (ids) => ({
        payload: { revenda: ids.revendaA, veiculo: { vetipoveiculo: 'carro', vefipe_marca: 'Fiat' }, locais_anuncio: [] },
      }),
    },
    [`GET ${base}/:idVeiculo/pacote`]: { regra: 'revenda', ...deNenhum('/pacote') },
    [`GET ${base}/:idVeiculo/imagens/:idImagem/original`]: { regra: 'revenda', ...deNenhum('/imagens/:nenhum/original') },
    [`GET ${base}/:idVeiculo/alteracoes`]: { regra: 'revenda', ...deNenhum('/alteracoes') },
    [`GET ${base}/:idVeiculo/alteracoes/arquivo`]: { regra: 'revenda', ...deNenhum('/alteracoes/arquivo') },
    [`GET ${base}/:idVeiculo/atividade`]: { regra: 'revenda', ...deNenhum('/atividade') },
    // "Marcar como vendido" (issue 16): gestor and admin only.
    [`POST ${base}/:idVeiculo/vender`]: {
      regra: 'gestorRevenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/${ID_INEXISTENTE}/vender`, payload: { publicar_vendido: false } }),
    },
    [`POST ${base}/:idVeiculo/desfazer-venda`]: { regra: 'gestorRevenda', ...deNenhum('/desfazer-venda') },
    // Exports (issue 25 item 6): gestor of the reseller and admin.
    [`GET ${base}/exportar`]: {
      regra: 'gestorRevenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/exportar?formato=csv` }),
    },
    'GET /api/revendas/:idRevenda/vendas/exportar': {
      regra: 'gestorRevenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/vendas/exportar?formato=xlsx&de=2026-01-01&ate=2026-12-31` }),
    },
    [`GET ${base}/:idVeiculo/alteracoes/exportar`]: {
      regra: 'gestorRevenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/${ids.veiculoA}/alteracoes/exportar?formato=csv` }),
    },
    [`POST ${base}/:idVeiculo/remocoes/:canal/tentar`]: { regra: 'gestorRevenda', ...deNenhum('/remocoes/facebook/tentar') },
    // Bulk actions (issue 24 item 2): any user of the reseller; a vehicle of no reseller refuses the batch (404).
    'POST /api/revendas/:idRevenda/lotes': {
      regra: 'revenda',
      exemplo: () => ({ payload: { acao: 'publicar', veiculos: [ID_INEXISTENTE], canais: ['autoscar'] } }),
    },
    'GET /api/revendas/:idRevenda/lotes': { regra: 'revenda' },
    'GET /api/revendas/:idRevenda/lotes/:idLote': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/lotes/${ID_INEXISTENTE}` }),
    },
    'POST /api/revendas/:idRevenda/lotes/:idLote/cancelar': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/lotes/${ID_INEXISTENTE}/cancelar` }),
    },
    // Stock import (issue 27 item 1): admin and the reseller's gestor, as the vehicle form. An import of no reseller
    // answers 404; the upload without a file and a URL that is not http(s) are 400 (no request leaves the server).
    'GET /api/revendas/:idRevenda/importacoes': { regra: 'revenda' },
    'GET /api/revendas/:idRevenda/importacoes/modelo': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/importacoes/modelo?formato=csv` }),
    },
    'POST /api/revendas/:idRevenda/importacoes/arquivo': { regra: 'revenda' },
    'POST /api/revendas/:idRevenda/importacoes/url': {
      regra: 'revenda',
      exemplo: () => ({ payload: { url: 'ftp://estoque.test/feed.xml' } }),
    },
    'GET /api/revendas/:idRevenda/importacoes/:id': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/importacoes/${ID_INEXISTENTE}` }),
    },
    'POST /api/revendas/:idRevenda/importacoes/:id/previa': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/importacoes/${ID_INEXISTENTE}/previa`, payload: { mapeamento: {} } }),
    },
    'POST /api/revendas/:idRevenda/importacoes/:id/confirmar': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/importacoes/${ID_INEXISTENTE}/confirmar`, payload: { mapeamento: {} } }),
    },
    'GET /api/revendas/:idRevenda/importacoes/:id/linhas': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/importacoes/${ID_INEXISTENTE}/linhas` }),
    },
    'GET /api/revendas/:idRevenda/importacoes/:id/relatorio': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/importacoes/${ID_INEXISTENTE}/relatorio` }),
    },
    // Leads (issue 26): the reseller's users; an admin sees every reseller's. A lead of no reseller answers 404.
    // Channel webhooks: public, the channel is checked by the intake (a malformed body is 400, an unknown endpoint 404).
    'POST /api/webhooks/mercadolivre': { regra: 'publico', exemplo: () => ({ payload: { topic: 'questions' } }) },
    'POST /api/webhooks/olx/leads/:token': { regra: 'publico', exemplo: () => ({ url: '/api/webhooks/olx/leads/x.y', payload: {} }) },
    'GET /api/leads': { regra: 'admin' },
    'GET /api/revendas/:idRevenda/leads': { regra: 'revenda' },
    [`GET ${base}/:idVeiculo/leads`]: {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/${ids.veiculoA}/leads` }),
    },
    'POST /api/revendas/:idRevenda/leads/linhas': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/leads/linhas`, payload: { ids: [ID_INEXISTENTE] } }),
    },
    'GET /api/revendas/:idRevenda/leads/:idLead': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/leads/${ID_INEXISTENTE}` }),
    },
    'PUT /api/revendas/:idRevenda/leads/:idLead/estado': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/leads/${ID_INEXISTENTE}/estado`, payload: { estado: 'perdido' } }),
    },
    'POST /api/revendas/:idRevenda/leads/:idLead/respostas': {
      regra: 'revenda',
      exemplo: (ids) => ({
        url: `/api/revendas/${ids.revendaA}/leads/${ID_INEXISTENTE}/respostas`,
        payload: { texto: 'Sim', chave: 'chave-12345' },
      }),
    },
    'GET /api/revendas/:idRevenda/leads-distribuicao': { regra: 'revenda' },
    'PUT /api/revendas/:idRevenda/leads-distribuicao': { regra: 'revenda', exemplo: () => ({ payload: { rodizio: false } }) },
    'DELETE /api/revendas/:idRevenda/leads/:idLead': {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/leads/${ID_INEXISTENTE}` }),
    },
    // Sync of published adverts (issue 24 item 1): "Atualizar em todos os canais" / "Tentar de novo".
    [`POST ${base}/:idVeiculo/atualizar-anuncios`]: {
      regra: 'revenda',
      exemplo: (ids) => ({ url: `/api/revendas/${ids.revendaA}/veiculos/${ID_INEXISTENTE}/atualizar-anuncios`, payload: {} }),
    },
    // Instagram's "Publicar de novo" (issue 24 item 1).
    [`POST ${base}/:idVeiculo/publicar-de-novo`]: {
      regra: 'revenda',
      exemplo: (ids) => ({
        url: `/api/revendas/${ids.revendaA}/veiculos/${ID_INEXISTENTE}/publicar-de-novo`,
        payload: { canal: 'instagram' },
      }),
    },
  };
}

/** A well-formed id of no row: allowed callers get 404, refused ones 401/403 first. */
const ID_INEXISTENTE = '00000000-0000-4000-8000-000000000000';

/** `POST /api/integracao/{canal}/...` of spec 1 §7, with a body the sandbox accepts. */
function configurarCanais(): Record<string, EntradaMatriz> {
  const credenciais: Record<string, Record<string, string>> = {
    autoscar: { id_autoscar: '123' },
    webmotors: { cnpj_revenda: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 'segredo' },
    olx: { code_olx: 'codigo' },
    mercadolivre: { code_ml: 'codigo' },
    autoline: { email_autoline: 'loja@autodemo.test', senha_autoline: 'segredo' },
    icarros: { email_icarros: 'loja@autodemo.test', senha_icarros: 'segredo' },
    meucarronovo: { email_meucarronovo: 'loja', senha_meucarronovo: 'segredo' },
    mobiauto: { email_integrador: 'loja@autodemo.test', senha_integrador: 'segredo' },
  };
  const entradas: Record<string, EntradaMatriz> = {};
  for (const [canal, campos] of Object.entries(credenciais)) {
    entradas[`POST /api/integracao/${canal}/configurar`] = {
      regra: canal === 'autoscar' || canal === 'olx' ? 'admin' : 'revenda',
      exemplo: (ids) => ({ payload: { id_revenda: ids.revendaA, ...campos } }),
    };
  }
  for (const canal of ['facebook', 'instagram']) {
    entradas[`POST /api/integracao/${canal}/configurar`] = {
      regra: 'revenda',
      exemplo: (ids) => ({ payload: { id_revenda: ids.revendaA, access_token: 'sbx.demo.x' } }),
    };
    entradas[`POST /api/integracao/${canal}/configurar-pagina`] = {
      regra: 'revenda',
      exemplo: (ids) => ({
        payload: {
          id_revenda: ids.revendaA,
          page_id: '100000000000001',
          page_name: 'Auto Demo Veículos',
          page_access_token: 'sbxpage.100000000000001',
        },
      }),
    };
    entradas[`POST /api/integracao/${canal}/disallow`] = {
      regra: 'revenda',
      exemplo: (ids) => ({ payload: { id_revenda: ids.revendaA } }),
    };
  }
  return entradas;
}
