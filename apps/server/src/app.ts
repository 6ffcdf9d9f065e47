import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CANAIS, IMPORTACAO_MAX_BYTES, MENSAGENS, VERSAO_PAINEL } from '@intermedio/contracts';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes } from './auth/auth.routes.ts';
import { criarAuthService } from './auth/auth.service.ts';
import { guardas } from './auth/guardas.ts';
import { tarefaLimpeza } from './auth/limpeza.ts';
import type { Config } from './config.ts';
import { abrirBanco, type Banco } from './db/cliente.ts';
import { semearDemo } from './db/demo.ts';
import { agendarManutencaoAtrasada, tarefaManutencaoEmbutido } from './db/manutencao.ts';
import { criarCorreio } from './email/correio.ts';
import { cabecalhosSeguranca } from './lib/cabecalhos-seguranca.ts';
import { compressao } from './lib/compressao.ts';
import { ErroHttp, MENSAGEM_NUL, temNul } from './lib/http.ts';
import { ControleLog, opcoesLog } from './lib/log.ts';
import { erroDeMultipart } from './lib/multipart.ts';
import { opcoesDocs, opcoesOpenApi } from './lib/openapi.ts';
import { buscarSeguro, redeReal } from './lib/rede-segura/index.ts';
import { enderecoAssinado } from './midia/acesso-arquivos.ts';
import { lerArquivo } from './midia/armazenamento.ts';
import { enviosEmCurso } from './midia/envios-em-curso.ts';
import { criarArmazenamento, servirArquivos } from './midia/servir-arquivos.ts';
import { arquivosRoutes } from './modules/arquivos/arquivos.routes.ts';
import { imagensRoutes } from './modules/arquivos/imagens.routes.ts';
import { criarImagensService } from './modules/arquivos/imagens.service.ts';
import { videoRoutes } from './modules/arquivos/video.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { criarBannersService } from './modules/banners/banners.service.ts';
import { criarPublicacaoService } from './modules/banners/publicar.service.ts';
import { bannersSiteRoutes } from './modules/banners-site/banners-site.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { exportacoesRoutes } from './modules/exportacoes/exportacoes.routes.ts';
import { criarExportacoesService } from './modules/exportacoes/exportacoes.service.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { criarFeedService } from './modules/feed/feed.service.ts';
import { criarClienteFipe, transporteEmProcesso, transporteHttp } from './modules/fipe/fipe.client.ts';
import { fipeRoutes } from './modules/fipe/fipe.routes.ts';
import { criarFipeService } from './modules/fipe/fipe.service.ts';
import { fipeManualRoutes } from './modules/fipe/fipe-manual.routes.ts';
import { criarFipeManualService } from './modules/fipe/fipe-manual.service.ts';
import { imagensDestaqueRoutes } from './modules/imagens-destaque/imagens-revenda.routes.ts';
import { criarImagensRevendaService } from './modules/imagens-destaque/imagens-revenda.service.ts';
import { baixarFotoPorUrl } from './modules/importacao/fotos-url.ts';
import { importacaoRoutes } from './modules/importacao/importacao.routes.ts';
import { criarImportacaoService, IMPORTACAO_FEED_SEGUNDOS, TAREFA_IMPORTACAO } from './modules/importacao/importacao.service.ts';
import { tarefaImportacao } from './modules/importacao/importacao.tarefa.ts';
import { integracoesRoutes } from './modules/integracoes/integracoes.routes.ts';
import { criarIntegracoesService } from './modules/integracoes/integracoes.service.ts';
import { padroesRoutes } from './modules/integracoes/padroes.routes.ts';
import { criarPadroesService } from './modules/integracoes/padroes.service.ts';
import { criarRenovacaoService, type RenovacaoService } from './modules/integracoes/renovacao.service.ts';
import { tarefaRenovarTokens } from './modules/integracoes/renovacao.tarefa.ts';
import { criarAvisoLeads, tarefaAvisarLead, tarefaProcessarLeads } from './modules/leads/aviso.service.ts';
import { criarEntradaLeads, TAREFA_COLETAR_LEADS } from './modules/leads/entrada.service.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { criarLeadsService } from './modules/leads/leads.service.ts';
import { tarefaAnonimizarLeads, tarefaColetarLeads, tarefaReceberLead } from './modules/leads/leads.tarefa.ts';
import { criarRespostasService } from './modules/leads/respostas.service.ts';
import { webhooksLeadsRoutes } from './modules/leads/webhooks.routes.ts';
import { locaisAnuncioRoutes } from './modules/locais-anuncio/locais-anuncio.routes.ts';
import { lotesRoutes } from './modules/lotes/lotes.routes.ts';
import { criarLotesService, TAREFA_LOTES } from './modules/lotes/lotes.service.ts';
import { tarefaLotes } from './modules/lotes/lotes.tarefa.ts';
import { moderacaoRoutes } from './modules/moderacao/moderacao.routes.ts';
import { criarModeracaoService } from './modules/moderacao/moderacao.service.ts';
import { notificacoesRoutes } from './modules/notificacoes/notificacoes.routes.ts';
import { criarNotificacoesService, tarefaLembrete } from './modules/notificacoes/notificacoes.service.ts';
import { opcionaisRoutes } from './modules/opcionais/opcionais.routes.ts';
import { publicacaoRoutes } from './modules/publicacao/publicacao.routes.ts';
import { criarPublicacaoVeiculoService } from './modules/publicacao/publicacao.service.ts';
import { TAREFA_RECONCILIAR, tarefaReconciliar, tarefaSincronizar } from './modules/publicacao/publicacao.tarefa.ts';
import { sincronizacaoRoutes } from './modules/publicacao/sincronizacao.routes.ts';
import { criarSincronizacaoService, type SincronizacaoService, TAREFA_SINCRONIZAR } from './modules/publicacao/sincronizacao.service.ts';
import { revendasRoutes } from './modules/revendas/revendas.routes.ts';
import { criarRevendasService } from './modules/revendas/revendas.service.ts';
import { usuariosRoutes } from './modules/usuarios/usuarios.routes.ts';
import { criarUsuariosService } from './modules/usuarios/usuarios.service.ts';
import { buscarVersoesRoutes } from './modules/veiculos/buscar-versoes.routes.ts';
import { criarBuscarVersoesService } from './modules/veiculos/buscar-versoes.service.ts';
import { locaisDaRevendaRoutes } from './modules/veiculos/locais-revenda.routes.ts';
import { veiculosRoutes } from './modules/veiculos/veiculos.routes.ts';
import { criarVeiculosService } from './modules/veiculos/veiculos.service.ts';
import { veiculosArquivosRoutes } from './modules/veiculos/veiculos-arquivos.routes.ts';
import { vendasRoutes } from './modules/vendas/vendas.routes.ts';
import { criarVendasService } from './modules/vendas/vendas.service.ts';
import { tarefaPublicarVendido, tarefaRetirarAnuncios } from './modules/vendas/vendas.tarefa.ts';
import { vendidosRoutes } from './modules/vendidos/vendidos.routes.ts';
import { operacao } from './operacao/desligamento.ts';
import { Instancia } from './operacao/instancia.ts';
import { operacao as criarMonitoramento, opcoesIdRequisicao } from './operacao/operacao.ts';
import { checagensPadrao } from './operacao/prontidao.ts';
import { criarClienteFcm } from './push/fcm.ts';
import { Cofre } from './seguranca/cripto.ts';
import { Tarefas } from './tarefas/tarefas.ts';
import { Barramento } from './tempo-real/barramento.ts';
import { eventosRoutes } from './tempo-real/eventos.routes.ts';

z.config(z.locales.pt());

/** A registered route, as the access-matrix test enumerates them. */
export type RotaRegistrada = { method: string; url: string; acesso: string | undefined };

export type Aplicacao = {
  app: FastifyInstance;
  banco: Banco;
  barramento: Barramento;
  cofre: Cofre;
  tarefas: Tarefas;
  semeado: boolean;
  rotas: RotaRegistrada[];
  /** Token renewal of the channels (the background job calls it; tests too). */
  renovacao: RenovacaoService;
  /** Phase, leases in flight and SSE streams: readiness and graceful shutdown (operacao/). */
  instancia: Instancia;
};

/** Builds the whole server. Tests pass their own `banco` (fresh database per file). */
export async function buildApp(
  config: Config,
  op: { banco?: Banco; logger?: boolean; destinoLog?: { write(linha: string): void } } = {},
): Promise<Aplicacao> {
  const banco = op.banco ?? (await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const armazenamento = criarArmazenamento(config);
  const semeado = config.seedDemo ? await semearDemo(banco.db, armazenamento) : false;
  const barramento = new Barramento();
  await barramento.conectar(banco);
  const cofre = new Cofre(config.secretKey);
  const auth = criarAuthService(banco.db, { sessionTtlHours: config.sessionTtlHours, secretKey: config.secretKey });

  const app = Fastify({
    logger: op.logger === false ? false : opcoesLog(config.logLevel, op.destinoLog),
    logController: new ControleLog(),
    ...opcoesIdRequisicao,
    bodyLimit: 1024 * 1024,
    // The N proxies nearest to us (hop index below N) or the listed ones; X-Forwarded-For is ignored by default.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_endereco: string, salto: number) => salto < (config.trustProxy as number)
        : config.trustProxy,
  });
  const instancia = new Instancia();
  // Request ids, log context and metrics (src/operacao); its routes once the guards are registered.
  const monitoramento = criarMonitoramento(app, config, { banco, sse: () => instancia.fluxos.size });
  // Background jobs: domains register theirs below; pg-boss starts once every route is registered.
  const tarefas = new Tarefas(banco, { log: (m) => app.log.error(m), contexto: monitoramento.contextoTarefas });
  tarefas.registrar(tarefaLimpeza(banco.db, armazenamento, (m) => app.log.warn(m), config.historicoAnunciosMeses));
  const manutencao = tarefaManutencaoEmbutido(banco);
  if (manutencao) tarefas.registrar(manutencao);
  const opcoesDeRotas: { method: string | string[]; url: string; config?: { acesso?: string } }[] = [];
  app.addHook('onRoute', (r) => {
    opcoesDeRotas.push(r); // read later: the guards' own onRoute hook may still fill `config.acesso`
  });
  // Before any route's own validation: no NUL anywhere in the path, query or JSON body (issue 10 item 4).
  app.addHook('preValidation', async (req) => {
    if (temNul(req.params) || temNul(req.query) || temNul(req.body)) throw new ErroHttp(400, MENSAGEM_NUL);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(tratarErro);
  app.setNotFoundHandler((req, reply) => {
    // The SPA answers every page address; a missing file (an old /assets/*.js, any name with an extension) is a 404.
    const caminho = req.url.split('?')[0] ?? '';
    if (/^\/(api|sandbox\/)/.test(caminho) || /\.\w+$/.test(caminho) || req.method !== 'GET' || !existsSync(config.webDist)) {
      return reply.code(404).send({ status: 'error', data: MENSAGENS.rotaNaoEncontrada });
    }
    // Sent, not returned: Fastify awaits a returned Reply as a thenable (2 more 'close' listeners on a page address's
    // response, which has 9 after the static lookups and the shell's stream: MaxListenersExceededWarning at 11).
    reply.type('text/html').sendFile('index.html');
  });

  await app.register(cabecalhosSeguranca, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // S3_URL_PUBLICA may be a plain-http bucket (a self-hosted MinIO): its images must still show.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(config.s3?.urlPublica ? [new URL(config.s3.urlPublica).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...(config.canais.social.real ? ['https://graph.facebook.com'] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(compressao);
  await app.register(multipart, { limits: { files: 1, fields: 20 } });
  await app.register(guardas, { auth });
  // After the guards: an upload's slot is counted for the session's user.
  await app.register(enviosEmCurso, { semProgressoMs: config.envioSemProgressoSegundos * 1000 });
  await app.register(swagger, opcoesOpenApi(VERSAO_PAINEL, config.publicUrl));
  await app.register(swaggerUi, opcoesDocs);

  // Readiness (/api/ready), requests in flight and the drain (issue 28 items 3-4, docs/desligamento.md).
  await app.register(operacao, { instancia, checagens: checagensPadrao(banco.db, armazenamento) });
  app.get('/api/health', { config: { acesso: 'publico' }, schema: { tags: ['sistema'], summary: 'Servidor no ar' } }, async () => ({
    status: 'success',
    data: { versao: VERSAO_PAINEL, banco: banco.tipo },
  }));
  await monitoramento.rotas(() => tarefas.nomes);
  app.get('/api/openapi.json', { config: { acesso: 'publico' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(authRoutes, { auth, config });
  await app.register(eventosRoutes, { barramento, auth, instancia });
  await app.register(dashboardRoutes, { db: banco.db });
  const correio = criarCorreio({
    smtpUrl: config.smtpUrl,
    remetente: config.mailFrom,
    dataDir: config.dataDir,
    log: (m) => app.log.info(m),
  });
  await app.register(feedRoutes, {
    feed: criarFeedService({ db: banco.db, barramento, publicUrl: config.publicUrl, limitePorMinuto: config.feedLimitePorMinuto }),
  });
  await app.register(revendasRoutes, { revendas: criarRevendasService(banco.db, armazenamento) });
  await app.register(usuariosRoutes, {
    usuarios: criarUsuariosService(banco.db, { correio, publicUrl: config.publicUrl, log: (m) => app.log.warn(m) }),
  });
  await app.register(arquivosRoutes, { db: banco.db, armazenamento });
  await app.register(videoRoutes, { db: banco.db, armazenamento });
  const imagens = criarImagensService(banco.db, armazenamento, (m) => app.log.warn(m));
  await app.register(imagensRoutes, { imagens });
  // Sync of published adverts (issue 24): set up with publishing below; a save queues it through this hook.
  let sincronizacao: SincronizacaoService | undefined;
  const veiculos = criarVeiculosService(
    banco.db,
    armazenamento,
    (m) => app.log.warn(m),
    async (idRevenda) => sincronizacao?.aposSalvar(idRevenda),
  );
  await app.register(veiculosRoutes, { veiculos });
  await app.register(veiculosArquivosRoutes, { veiculos });
  await app.register(exportacoesRoutes, { exportacoes: criarExportacoesService(banco.db, veiculos) });
  const depCanais = {
    db: banco.db,
    cofre,
    canais: config.canais,
    publicUrl: config.publicUrl,
    origemInterna: () => origemInterna(app, config.publicUrl),
  };
  const renovacao = criarRenovacaoService(depCanais);
  tarefas.registrar(tarefaRenovarTokens(renovacao, (m) => app.log.warn(m)));
  const integracoes = criarIntegracoesService({
    ...depCanais,
    renovacao,
    // OLX posts leads only to an endpoint registered with it: the leads poll registers it now, not at its next
    // 5-minute tick (leads of a dealer just connected would be lost meanwhile). Queued; the poll covers a failure.
    aoConfigurar: async (_idRevenda, canal) => {
      if (canal !== 'olx') return;
      await tarefas.enviar(TAREFA_COLETAR_LEADS, {}).catch((e: unknown) => {
        app.log.warn(`leads: coleta não enfileirada ao configurar a Olx (a agenda o fará): ${e instanceof Error ? e.message : String(e)}`);
      });
    },
  });
  await app.register(integracoesRoutes, { integracoes, canais: config.canais });
  await app.register(padroesRoutes, { padroes: criarPadroesService({ db: banco.db, integracoes }) });
  // Per-vehicle publishing (spec 3): durable sends, reconciled by a background job after a crash or an outage.
  const publicacaoVeiculo = criarPublicacaoVeiculoService({
    db: banco.db,
    integracoes,
    publicUrl: config.publicUrl,
    log: (m) => app.log.warn(m),
    assinarArquivo: (url) => enderecoAssinado(armazenamento, config.secretKey, url),
    // Photos are stored by their address (file_original): read back through the storage that gave it.
    lerArquivo: async (endereco) => {
      const chave = armazenamento.chaveDaUrl(endereco);
      return chave ? lerArquivo(armazenamento, chave) : null;
    },
    leases: instancia.leases,
  });
  const enfileirarSincronizacao = () => tarefas.enviar(TAREFA_SINCRONIZAR, {});
  sincronizacao = criarSincronizacaoService({
    db: banco.db,
    publicacao: publicacaoVeiculo,
    enfileirar: enfileirarSincronizacao,
    log: (m) => app.log.warn(m),
  });
  tarefas.registrar(tarefaSincronizar(sincronizacao, (m) => app.log.warn(m)));
  // RECONCILIAR_SEGUNDOS: also a round every N seconds, once per tick across the instances (not one per instance).
  tarefas.registrar({
    ...tarefaReconciliar(publicacaoVeiculo, (m) => app.log.warn(m), enfileirarSincronizacao),
    ...(config.reconciliarSegundos ? { aCadaSegundos: config.reconciliarSegundos } : {}),
  });
  await app.register(publicacaoRoutes, { publicacao: publicacaoVeiculo });
  await app.register(sincronizacaoRoutes, { sincronizacao, publicacao: publicacaoVeiculo });
  // Banners and sold items (issue 9): lists, include, publishing to Instagram / Facebook.
  const publicacaoSocial = {
    banners: criarBannersService(banco.db, armazenamento),
    publicacao: criarPublicacaoService({ db: banco.db, integracoes, publicUrl: config.publicUrl }),
  };
  await app.register(bannersRoutes, publicacaoSocial);
  await app.register(vendidosRoutes, publicacaoSocial);
  // "Marcar como vendido" (issue 16): adverts removed from every channel by a job; optional sold post.
  const vendas = criarVendasService({
    db: banco.db,
    publicacao: publicacaoVeiculo,
    integracoes,
    banners: publicacaoSocial.banners,
    publicacaoSocial: publicacaoSocial.publicacao,
    imagens,
    armazenamento,
    enfileirar: (nome, dados) => tarefas.enviar(nome, dados),
    log: (m) => app.log.warn(m),
  });
  tarefas.registrar(tarefaRetirarAnuncios(vendas, (m) => app.log.warn(m)));
  tarefas.registrar(tarefaPublicarVendido(vendas));
  await app.register(vendasRoutes, { vendas });
  // Bulk actions on the vehicle list (issue 24 item 2): a durable job per batch item, through the services above.
  const lotes = criarLotesService({
    db: banco.db,
    publicacao: publicacaoVeiculo,
    vendas,
    enfileirar: (nome, dados) => tarefas.enviar(nome, dados),
    log: (m) => app.log.warn(m),
    leases: instancia.leases,
    drenando: () => instancia.drenando,
  });
  tarefas.registrar(tarefaLotes(lotes, (m) => app.log.warn(m)));
  await app.register(lotesRoutes, { lotes });
  // Leads from the channels (issue 26): inbox API, webhooks and polling (docs/leads.md).
  const leads = criarLeadsService({ db: banco.db });
  await app.register(leadsRoutes, { leads, respostas: criarRespostasService({ db: banco.db, integracoes, leads }) });
  const entradaLeads = criarEntradaLeads({
    db: banco.db,
    integracoes,
    segredo: config.secretKey,
    publicUrl: config.publicUrl,
    enfileirar: (nome, dados) => tarefas.enviar(nome, dados),
    log: (m) => app.log.warn(m),
  });
  tarefas.registrar(tarefaReceberLead(entradaLeads));
  tarefas.registrar(tarefaColetarLeads(entradaLeads, (m) => app.log.warn(m)));
  tarefas.registrar(tarefaAnonimizarLeads(banco.db, config.leadsRetencaoMeses, (m) => app.log.info(m)));
  await app.register(webhooksLeadsRoutes, { entrada: entradaLeads });
  await app.register(moderacaoRoutes, { moderacao: criarModeracaoService(banco.db) });
  const imagensRevenda = { imagens: criarImagensRevendaService(banco.db, armazenamento) };
  await app.register(imagensDestaqueRoutes, imagensRevenda);
  await app.register(bannersSiteRoutes, imagensRevenda);
  // Notifications: reminders pushed with FCM HTTP v1 (the built-in sandbox unless a service account is configured).
  // The channels' stand-ins live in their own workspace; loaded only when something has no real address, so a
  // production deployment with every address configured never loads them.
  const semEndereco = CANAIS.filter((c) => !config.canais.porCanal[c].url);
  const fcmSandbox = !config.push.conta;
  const sandbox = semEndereco.length > 0 || !config.fipeApiUrl || fcmSandbox ? await import('@intermedio/sandbox') : null;
  const contaSandbox = (origem: string) => {
    if (!sandbox) throw new Error('FCM sem conta de serviço e sem sandbox');
    return sandbox.contaSandbox(origem);
  };
  const fcm = criarClienteFcm({
    conta: () => config.push.conta ?? contaSandbox(origemInterna(app, config.publicUrl)),
    base: () => config.push.url ?? `${origemInterna(app, config.publicUrl)}/sandbox/fcm`,
    timeoutMs: config.push.timeoutMs,
  });
  const notificacoes = criarNotificacoesService({ db: banco.db, tarefas, fcm, log: (m) => app.log.warn(m) });
  tarefas.registrar(tarefaLembrete(notificacoes));
  const avisoLeads = criarAvisoLeads({ db: banco.db, correio, fcm, publicUrl: config.publicUrl, log: (m) => app.log.warn(m) });
  tarefas.registrar(tarefaProcessarLeads(avisoLeads, entradaLeads));
  tarefas.registrar(tarefaAvisarLead(avisoLeads));
  await app.register(notificacoesRoutes, { notificacoes });
  if (sandbox) {
    // Only the stand-ins something points to; their test routes only on test servers (SANDBOX_INSPECAO=1).
    await app.register(sandbox.sandboxes, {
      canais: semEndereco,
      fcm: fcmSandbox,
      inspecao: config.sandboxInspecao,
      produto: () => origemInterna(app, config.publicUrl),
    });
    if (!config.fipeApiUrl) await app.register(sandbox.fipeSandboxRoutes, { prefix: sandbox.PREFIXO_SANDBOX_FIPE });
  }
  // Catalogues and FIPE (issue 5). FIPE_API_URL unset: the lookup calls the built-in sandbox inside this process.
  await app.register(opcionaisRoutes, { db: banco.db });
  await app.register(locaisAnuncioRoutes, { db: banco.db });
  const transporteFipe = config.fipeApiUrl
    ? transporteHttp(config.fipeApiUrl)
    : transporteEmProcesso(app, sandbox?.PREFIXO_SANDBOX_FIPE ?? '/sandbox/fipe/api/v2');
  const fipe = criarFipeService(banco.db, {
    consultar: criarClienteFipe(transporteFipe, { token: config.fipeToken }),
    origem: config.fipeApiUrl ?? 'sandbox',
  });
  await app.register(fipeRoutes, { fipe });
  // Stock import (issue 27 item 1): upload or feed → mapping → preview → a durable job through the form's service.
  const importacao = criarImportacaoService({
    db: banco.db,
    fipe,
    veiculos,
    // Feeds and photos by URL only through lib/rede-segura (public addresses, every redirect checked).
    buscar: (url) =>
      buscarSeguro(url, {
        maxBytes: IMPORTACAO_MAX_BYTES,
        timeoutMs: IMPORTACAO_FEED_SEGUNDOS * 1000,
        rede: redeReal({ permitirLoopback: config.importacaoPermitirLoopback }),
      }),
    baixarFoto: (idRevenda, url) => baixarFotoPorUrl({ imagens, config }, idRevenda, url),
    enfileirar: (nome, dados) => tarefas.enviar(nome, dados),
    log: (m) => app.log.warn(m),
  });
  tarefas.registrar(tarefaImportacao(importacao));
  await app.register(importacaoRoutes, { importacao });
  await app.register(buscarVersoesRoutes, { buscarVersoes: criarBuscarVersoesService(banco.db, fipe) });
  await app.register(locaisDaRevendaRoutes, { db: banco.db });
  await app.register(fipeManualRoutes, { fipeManual: criarFipeManualService(banco.db) });
  // Uploaded files: immutable addresses (a new upload gets a new name); who may read each: midia/acesso-arquivos.ts.
  await app.register(servirArquivos, { armazenamento, db: banco.db, segredo: config.secretKey });

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true, // files are looked up per request, so a rebuilt SPA is served without a restart
      // The build writes `.br` and `.gz` beside each text file: sent as they are, by the client's Accept-Encoding.
      preCompressed: true,
      // Source maps are never served, even if a build left some behind; nor the sources' hash of scripts/construir-web.mjs.
      allowedPath: (caminho) => !caminho.endsWith('.map') && !caminho.endsWith('.fontes.sha256'),
      setHeaders(res, arquivo) {
        // Vite's hashed assets never change; index.html always revalidates.
        res.header('cache-control', arquivo.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  await tarefas.iniciar();
  // Pending sends left by a previous run are resolved right away, not at the next minute.
  await tarefas.enviar(TAREFA_RECONCILIAR, {});
  // A batch left unfinished by a stopped server resumes now (its items' leases permitting), not at the next minute.
  await tarefas.enviar(TAREFA_LOTES, {});
  // Likewise an import left unfinished.
  await tarefas.enviar(TAREFA_IMPORTACAO, {});
  // The embedded database's nightly upkeep, when the install was off at that hour (a while after this start).
  await agendarManutencaoAtrasada(banco, tarefas);
  app.addHook('onClose', async () => {
    await tarefas.parar();
    await barramento.fechar();
    if (!op.banco) await banco.fechar();
  });
  const rotas = opcoesDeRotas.flatMap((r) =>
    [r.method].flat().flatMap((method) => (method === 'HEAD' ? [] : [{ method, url: r.url, acesso: r.config?.acesso }])),
  );
  return { app, banco, barramento, cofre, tarefas, semeado, rotas, renovacao, instancia };
}

/** This server's own address, as the adapters reach the built-in sandboxes (the listening port is known only once listening). */
function origemInterna(app: FastifyInstance, reserva: string): string {
  const a = app.server.address();
  if (!a || typeof a === 'string') return reserva;
  const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}

function tratarErro(
  this: FastifyInstance,
  erro: FastifyError,
  req: { log: FastifyInstance['log']; routeOptions?: { bodyLimit?: number } },
  reply: import('fastify').FastifyReply,
) {
  if (erro instanceof ErroHttp) {
    return reply.code(erro.statusCode).send({ status: 'error', data: erro.message, ...(erro.campos ? { campos: erro.campos } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(erro)) {
    const campos: Record<string, string> = {};
    for (const v of erro.validation) {
      const campo = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'corpo';
      if (campo && !campos[campo]) campos[campo] = v.message ?? MENSAGENS.dadosInvalidos;
    }
    const primeira = Object.entries(campos)[0];
    return reply.code(400).send({
      status: 'error',
      data: primeira ? `${MENSAGENS.dadosInvalidos} ${primeira[0]}: ${primeira[1]}` : MENSAGENS.dadosInvalidos,
      campos,
    });
  }
  const multipart = erroDeMultipart(erro);
  if (multipart) return reply.code(multipart.statusCode).send({ status: 'error', data: multipart.message });
  if (erro.statusCode === 413) {
    // The limit in the message (issue 10 item 5): the route's own body limit, or the server's.
    const limite = req.routeOptions?.bodyLimit ?? this.initialConfig.bodyLimit ?? 0;
    const mb = Math.max(1, Math.floor(limite / (1024 * 1024)));
    return reply.code(413).send({ status: 'error', data: `${MENSAGENS.corpoGrandeDemais} O máximo é ${mb} MB.` });
  }
  if (erro.statusCode && erro.statusCode >= 400 && erro.statusCode < 500) {
    return reply.code(erro.statusCode).send({ status: 'error', data: traduzirErroCliente(erro) });
  }
  req.log.error(erro);
  return reply.code(500).send({ status: 'error', data: MENSAGENS.erroInterno });
}

/** Fastify's own 4xx (malformed JSON, wrong content type) with a Portuguese text. */
function traduzirErroCliente(erro: FastifyError): string {
  if (erro.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Tipo de conteúdo não suportado: envie JSON.';
  if (erro.code?.startsWith('FST_ERR_CTP')) return 'Corpo da requisição inválido.';
  return MENSAGENS.dadosInvalidos;
}
