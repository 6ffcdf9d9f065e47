import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type Armazenamento, type ArquivoAberto, chaveValida, PREFIXO_ARQUIVOS } from './armazenamento.ts';

export type ConfigS3 = {
  /** Empty for AWS itself; the address of any S3-compatible service otherwise (MinIO, R2, Spaces, …). */
  endpoint: string | null;
  regiao: string;
  bucket: string;
  /** Empty: the SDK's default credential chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Public base address of the bucket (CDN). Empty: files are served by this server at /arquivos/. */
  urlPublica: string | null;
  /** Path-style addresses (endpoint/bucket/key), needed by most self-hosted services. */
  pathStyle: boolean;
};

const CACHE_PARA_SEMPRE = 'public, max-age=31536000, immutable';

/** S3-compatible object storage: same keys and addresses contract as the local disk driver. */
export class ArmazenamentoS3 implements Armazenamento {
  readonly #s3: S3Client;
  readonly #prefixoUrl: string;

  constructor(readonly config: ConfigS3) {
    this.#s3 = new S3Client({
      region: config.regiao,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.pathStyle,
      // No checksum unless an operation requires one: a streamed body (a video) would otherwise go as aws-chunked with
      // a trailing checksum, which several S3-compatible services (and the test server) store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // A storage that does not answer must not hold an upload forever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
    this.#prefixoUrl = config.urlPublica ? `${config.urlPublica.replace(/\/+$/, '')}/` : PREFIXO_ARQUIVOS;
  }

  /** Files go through this server when the bucket has no public address. */
  get servidoPeloServidor() {
    return !this.config.urlPublica;
  }

  /** Start-up check: the bucket exists and these credentials reach it (a clear message instead of failing uploads). */
  async conferirBucket() {
    try {
      await this.#s3.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (erro) {
      const motivo = (erro as { name?: string; message?: string }).name ?? String(erro);
      throw new Error(
        `Armazenamento S3 inacessível: bucket "${this.config.bucket}" em ${this.config.endpoint ?? 'AWS'} (${motivo}). Confira S3_BUCKET, S3_ENDPOINT e as credenciais.`,
      );
    }
  }

  async salvar(chave: string, dados: Buffer, tipo: string) {
    this.#conferir(chave);
    await this.#s3.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: chave, Body: dados, ContentType: tipo, CacheControl: CACHE_PARA_SEMPRE }),
    );
    return { chave, url: this.url(chave) };
  }

  async salvarArquivo(chave: string, caminho: string, tipo: string) {
    this.#conferir(chave);
    const { size } = await stat(caminho);
    await this.#s3.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: chave,
        Body: createReadStream(caminho),
        ContentLength: size,
        ContentType: tipo,
        CacheControl: CACHE_PARA_SEMPRE,
      }),
    );
    return { chave, url: this.url(chave) };
  }

  async abrir(chave: string): Promise<ArquivoAberto | null> {
    this.#conferir(chave);
    try {
      const r = await this.#s3.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: chave }));
      if (!(r.Body instanceof Readable)) throw new Error('corpo inesperado do S3');
      return { corpo: r.Body, tamanho: r.ContentLength, tipo: r.ContentType };
    } catch (erro) {
      if (erro instanceof NoSuchKey || (erro as { name?: string }).name === 'NoSuchKey') return null;
      throw erro;
    }
  }

  async remover(chave: string) {
    this.#conferir(chave);
    await this.#s3.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: chave }));
  }

  async removerPasta(prefixo: string) {
    const pasta = `${prefixo.replace(/\/+$/, '')}/`;
    this.#conferir(pasta.slice(0, -1));
    let continuacao: string | undefined;
    do {
      const lista = await this.#s3.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: pasta, ContinuationToken: continuacao }),
      );
      const chaves = (lista.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (chaves.length)
        await this.#s3.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: chaves, Quiet: true } }));
      continuacao = lista.IsTruncated ? lista.NextContinuationToken : undefined;
    } while (continuacao);
  }

  url(chave: string) {
    return this.#prefixoUrl + chave;
  }

  chaveDaUrl(url: string): string | null {
    if (!url.startsWith(this.#prefixoUrl)) return null;
    const chave = url.slice(this.#prefixoUrl.length);
    return chaveValida(chave) ? chave : null;
  }

  #conferir(chave: string) {
    if (!chaveValida(chave)) throw new Error(`chave de arquivo inválida: ${chave}`);
  }

  fechar() {
    this.#s3.destroy();
  }
}
