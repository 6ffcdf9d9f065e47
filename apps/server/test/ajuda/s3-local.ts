import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const CREDENCIAIS_S3RVER = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** A local S3-compatible server (s3rver, from npm) on a free loopback port, with one empty bucket. No network. */
export async function subirS3(bucket = 'intermedio-teste') {
  const pasta = mkdtempSync(path.join(tmpdir(), 'intermedio-s3-'));
  const servidor = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: pasta, configureBuckets: [{ name: bucket }] });
  const { port } = await servidor.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { ARMAZENAMENTO: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGIAO: 'us-east-1', ...CREDENCIAIS_S3RVER },
    async parar() {
      await servidor.close();
      rmSync(pasta, { recursive: true, force: true });
    },
  };
}
