import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type ConfigCanais, lerConfigCanais } from './canais/config.ts';
import type { ConfigS3 } from './midia/armazenamento-s3.ts';
import { type ConfigPush, lerConfigPush } from './push/config.ts';

/** Repository root: defaults (./data, web build) are resolved from here, whatever the working directory. */
export const RAIZ_REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleano01 = z.enum(['0', '1']).transform((v) => v === '1');

const esquemaAmbiente = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(path.join(RAIZ_REPO, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
    .optional(),
  SECRET_KEY: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  PUBLIC_URL: z.string().url('deve ser um endereço http(s) completo').optional(),
  SEED_DEMO: booleano01.optional(),
  SOLICITACOES_URL: z.string().url().default('https://solicitacoes.intermedio.com.br/'),
  LOC_ANUNCIO_URL: z.string().url().default('https://solicitacoes.intermedio.com.br/locais-anuncio'),
  ATUALIZAR_DADOS_URL: z.string().url().default('https://solicitacoes.intermedio.com.br/atualizar-dados'),
  WEB_DIST: z.string().default(path.join(RAIZ_REPO, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Leads older than this are anonymised by the housekeeping job (issue 26 item 5, LGPD). */
  LEADS_RETENCAO_MESES: z.coerce.number().int().min(1).max(120).default(24),
  /** Advert operations answered longer ago than this leave the vehicle's timeline (housekeeping, auth/limpeza.ts). */
  HISTORICO_ANUNCIOS_MESES: z.coerce.number().int().min(1).max(120).default(24),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Intermédio <nao-responda@intermedio.com.br>'),
  /** FIPE price table API (parallelum v2 shape); unset = the built-in sandbox, called in process. */
  FIPE_API_URL: z.string().url('deve ser um endereço http(s) completo').optional(),
  FIPE_TOKEN: z.string().min(1).optional(),
  /** Off (0) by default: the client address is the socket's. N (1-9): the N proxies nearest to us are trusted;
   * or a comma-separated list of proxy addresses / CIDRs. Only then does X-Forwarded-For give the client address. */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d|[\da-f:./]+(,\s*[\da-f:./]+)*)$/i, 'deve ser 0, o número de proxies (1 a 9) ou uma lista de endereços')
    .default('0'),
  /** Uploaded files: local disk under DATA_DIR/arquivos (default) or an S3-compatible bucket. */
  ARMAZENAMENTO: z.enum(['local', 's3'], 'use local ou s3').default('local'),
  S3_ENDPOINT: z.string().url('deve ser um endereço http(s) completo').optional(),
  S3_REGIAO: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_URL_PUBLICA: z.string().url('deve ser um endereço http(s) completo').optional(),
  S3_PATH_STYLE: booleano01.optional(),
  /** Also queue the publishing reconciliation every N seconds (browser tests), besides its every-minute schedule. */
  RECONCILIAR_SEGUNDOS: z.coerce
    .number({ error: 'deve ser um número inteiro de segundos' })
    .int('deve ser um número inteiro de segundos')
    .min(2, 'deve ser pelo menos 2')
    .max(3600, 'deve ser no máximo 3600')
    .optional(),
  /** Test servers only: the channel stand-ins' inspection and test-control routes (`/sandbox/…/_anuncios`). */
  SANDBOX_INSPECAO: booleano01.default(false),
  /** Upload routes: a body that receives nothing for this long is cut with 408 (midia/envios-em-curso.ts). */
  ENVIO_SEM_PROGRESSO_SEGUNDOS: z.coerce
    .number({ error: 'deve ser um número inteiro de segundos' })
    .int('deve ser um número inteiro de segundos')
    .min(1, 'deve ser pelo menos 1')
    .max(3600, 'deve ser no máximo 3600')
    .default(120),
  /** Public site feed: requests per minute one client address may make to one feed (issue 27; 429 beyond). */
  FEED_LIMITE_POR_MINUTO: z.coerce
    .number({ error: 'deve ser um número inteiro' })
    .int('deve ser um número inteiro')
    .min(1, 'deve ser pelo menos 1')
    .max(100000, 'deve ser no máximo 100000')
    .default(120),
  /** Test servers and benches only: the import's fetches (feeds, photos) may reach exactly 127.0.0.1 / ::1. */
  IMPORTACAO_PERMITIR_LOOPBACK: booleano01.default(false),
  /** Stock import: the time one photo URL may take (resolution, redirects and download). */
  IMPORTACAO_FOTO_SEGUNDOS: z.coerce
    .number({ error: 'deve ser um número inteiro de segundos' })
    .int('deve ser um número inteiro de segundos')
    .min(1, 'deve ser pelo menos 1')
    .max(600, 'deve ser no máximo 600')
    .default(30),
  /** Graceful shutdown: how long requests and channel calls in flight get after SIGTERM (docs/desligamento.md). */
  DESLIGAMENTO_SEGUNDOS: z.coerce
    .number({ error: 'deve ser um número inteiro de segundos' })
    .int('deve ser um número inteiro de segundos')
    .min(1, 'deve ser pelo menos 1')
    .max(3600, 'deve ser no máximo 3600')
    .default(25),
  /** GET /metrics answers only with `Authorization: Bearer <token>`; unset: no metrics (404). */
  METRICAS_TOKEN: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string;
  publicUrl: string;
  seedDemo: boolean;
  solicitacoesUrl: string;
  locAnuncioUrl: string;
  atualizarDadosUrl: string;
  webDist: string;
  logLevel: z.infer<typeof esquemaAmbiente>['LOG_LEVEL'];
  sessionTtlHours: number;
  leadsRetencaoMeses: number;
  historicoAnunciosMeses: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  canais: ConfigCanais;
  push: ConfigPush;
  /** null: the built-in FIPE sandbox (/sandbox/fipe/api/v2), called inside this process. */
  fipeApiUrl: string | null;
  fipeToken: string | null;
  /** Fastify's `trustProxy`: false (default), a hop count or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** null: local disk under DATA_DIR/arquivos. */
  s3: ConfigS3 | null;
  /** null: the publishing reconciliation runs on its schedule only (every minute). */
  reconciliarSegundos: number | null;
  /** The stand-ins' `_…` routes answer (they list every reseller's adverts): test servers only. */
  sandboxInspecao: boolean;
  /** Seconds without a byte of an upload's body before it is cut (408). */
  envioSemProgressoSegundos: number;
  /** Requests per minute per client address and feed. */
  feedLimitePorMinuto: number;
  /** The import's safe fetches may reach 127.0.0.1 / ::1 (lib/rede-segura): test servers and benches only. */
  importacaoPermitirLoopback: boolean;
  /** Seconds one photo URL of an import may take. */
  importacaoFotoSegundos: number;
  /** Seconds a SIGTERM leaves requests and channel calls in flight before their leases are released. */
  desligamentoSegundos: number;
  /** null: GET /metrics answers 404. */
  metricasToken: string | null;
};

export class ErroConfiguracao extends Error {}

/** Reads and validates the environment; throws ErroConfiguracao with every problem listed in Portuguese. */
export function lerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const limpo = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = esquemaAmbiente.safeParse(limpo);
  if (!r.success) {
    const linhas = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ErroConfiguracao(`Configuração inválida:\n${linhas.join('\n')}`);
  }
  const e = r.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    throw new ErroConfiguracao(
      'Configuração inválida:\n  SECRET_KEY: obrigatória com DATABASE_URL (todas as instâncias precisam da mesma chave)',
    );
  }
  if (e.ARMAZENAMENTO === 's3' && !e.S3_BUCKET) {
    throw new ErroConfiguracao('Configuração inválida:\n  S3_BUCKET: obrigatório com ARMAZENAMENTO=s3');
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ErroConfiguracao('Configuração inválida:\n  S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: informe os dois ou nenhum');
  }
  const secretKey = e.SECRET_KEY ?? chaveDoDiretorio(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    secretKey,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    // Embedded default: seed unless SEED_DEMO=0. Real PostgreSQL: only with SEED_DEMO=1.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    solicitacoesUrl: e.SOLICITACOES_URL,
    locAnuncioUrl: e.LOC_ANUNCIO_URL,
    atualizarDadosUrl: e.ATUALIZAR_DADOS_URL,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    leadsRetencaoMeses: e.LEADS_RETENCAO_MESES,
    historicoAnunciosMeses: e.HISTORICO_ANUNCIOS_MESES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    canais: lerConfigCanais(limpo),
    push: lerConfigPush(limpo),
    fipeApiUrl: e.FIPE_API_URL?.replace(/\/+$/, '') ?? null,
    fipeToken: e.FIPE_TOKEN ?? null,
    trustProxy: /^\d$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) || false : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    s3:
      e.ARMAZENAMENTO === 's3' && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT ?? null,
            regiao: e.S3_REGIAO,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            urlPublica: e.S3_URL_PUBLICA ?? null,
            // Self-hosted services (MinIO, s3rver) need path-style; AWS and most CDNs use virtual-hosted.
            pathStyle: e.S3_PATH_STYLE ?? !!e.S3_ENDPOINT,
          }
        : null,
    reconciliarSegundos: e.RECONCILIAR_SEGUNDOS ?? null,
    sandboxInspecao: e.SANDBOX_INSPECAO,
    envioSemProgressoSegundos: e.ENVIO_SEM_PROGRESSO_SEGUNDOS,
    feedLimitePorMinuto: e.FEED_LIMITE_POR_MINUTO,
    importacaoPermitirLoopback: e.IMPORTACAO_PERMITIR_LOOPBACK,
    importacaoFotoSegundos: e.IMPORTACAO_FOTO_SEGUNDOS,
    desligamentoSegundos: e.DESLIGAMENTO_SEGUNDOS,
    metricasToken: e.METRICAS_TOKEN ?? null,
  };
}

/** On the embedded default a key is generated once and kept in DATA_DIR/secret.key. */
function chaveDoDiretorio(dataDir: string): string {
  const arquivo = path.join(dataDir, 'secret.key');
  if (existsSync(arquivo)) return readFileSync(arquivo, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const chave = randomBytes(32).toString('base64url');
  writeFileSync(arquivo, `${chave}\n`, { mode: 0o600 });
  return chave;
}
