import { randomBytes } from 'node:crypto';
import { MENSAGENS_REVENDA } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import type { Db } from '../../db/cliente.ts';
import { acessoNegado, ErroHttp, naoEncontrado, sucesso } from '../../lib/http.ts';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { ERROS_DE_ENVIO } from '../../midia/envios-em-curso.ts';
import { nomeHigienizado } from '../../midia/imagens-enviadas.ts';
import { registrarEnvio } from '../../midia/orfaos.ts';
import { formatoDoVideo, MIME_VIDEO, miniaturaDoVideo } from '../../midia/video.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { abrirArquivoEnviado, descartarArquivoEnviado, receberEmDisco } from './envio-em-disco.ts';

export const LIMITE_VIDEO_MB = 100;
/** The multipart field is free text: a UUID, as the query's, before it reaches the database (a bad one was a 500). */
const ID_REVENDA = z.string().uuid();
export const MENSAGENS_VIDEO = {
  semArquivo: 'Nenhum arquivo enviado: escolha um vídeo.',
  grandeDemais: `O vídeo deve ter no máximo ${LIMITE_VIDEO_MB} MB.`,
  corrompida: 'O envio do vídeo foi interrompido. Envie o arquivo novamente.',
  naoVideo: 'O arquivo enviado não é um vídeo MP4, MOV ou WebM.',
  ilegivel: 'Não foi possível ler o vídeo (arquivo corrompido ou incompleto).',
  semRevenda: 'Informe a revenda (id_revenda).',
} as const;

const resposta = z.object({
  status: z.literal('success'),
  data: z.object({
    fileName: z.string(),
    fileUrlImage: z.string().describe('Endereço do vídeo'),
    fileThumbImage: z.string().describe('Miniatura JPEG (primeiro quadro, até 400 px de largura)'),
    public_id: z.string(),
    asset_id: z.string(),
    video: z.literal(true),
    fileUrl: z.string().describe('O mesmo que fileUrlImage'),
    fileThumb: z.string().describe('O mesmo que fileThumbImage'),
  }),
});

/**
 * `POST /api/file/upload-video` (spec 3 §7): multipart `file` plus `id_revenda` (a field before the file, or in the
 * query) and `api_key` (ignored: the session authorises). MP4, MOV or WebM checked by content, up to 100 MB, streamed
 * to a temporary file (never whole in memory); a JPEG thumbnail extracted from it with ffmpeg. A refused file stores
 * nothing.
 */
export async function videoRoutes(app: FastifyInstance, op: { db: Db; armazenamento: Armazenamento }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/file/upload-video',
    {
      // The reseller comes inside the multipart body: checked below against the session (admin, or its own users).
      config: { acesso: 'autenticado', envio: true },
      schema: {
        tags: ['arquivos'],
        summary: `Enviar um vídeo de banner ou vendido (multipart: file, id_revenda; MP4, MOV ou WebM de até ${LIMITE_VIDEO_MB} MB)`,
        consumes: ['multipart/form-data'],
        querystring: z.object({ id_revenda: z.string().uuid('Identificador inválido').optional() }),
        body: z
          .object({
            id_revenda: z.string().optional().describe('Revenda (antes do arquivo no multipart)'),
            api_key: z.string().optional(),
            file: z.unknown().describe('O vídeo (binário)'),
          })
          .nullish(),
        response: { 200: resposta, ...ERROS_DE_ENVIO },
      },
    },
    async (req) => {
      const { usuario } = exigirSessao(req);
      const limites = { bytes: LIMITE_VIDEO_MB * 1024 * 1024, mensagens: MENSAGENS_VIDEO };
      const { parte, campos } = await abrirArquivoEnviado(req, limites);
      // The reseller comes before the file: checked before a byte of the video is stored.
      const idRevenda = campos.id_revenda ?? req.query.id_revenda ?? '';
      try {
        if (!ID_REVENDA.safeParse(idRevenda).success) throw new ErroHttp(400, MENSAGENS_VIDEO.semRevenda);
        if (usuario.role !== 'admin' && usuario.revenda_id !== idRevenda) throw acessoNegado();
        if (!(await revendasRepository.buscar(op.db, idRevenda))) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      } catch (erro) {
        await descartarArquivoEnviado(parte);
        throw erro;
      }
      // Streamed to a temporary file (up to 100 MB, never whole in memory); the container is checked on its first bytes.
      const recebido = await receberEmDisco(parte, limites, (inicio) => {
        const formato = formatoDoVideo(inicio);
        if (!formato) throw new ErroHttp(400, MENSAGENS_VIDEO.naoVideo);
        return formato;
      });
      const pasta = `revendas/${idRevenda}/video/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;
      try {
        const formato = recebido.inicio;
        const miniatura = await miniaturaDoVideo(recebido.caminho);
        if (!miniatura) throw new ErroHttp(400, MENSAGENS_VIDEO.ilegivel);
        try {
          // Both settled before anything is removed: a copy still running after the other failed would store its
          // file after the folder's removal (or read a temporary file already gone), and no record would track it.
          const [video, thumb] = await todosOuErro([
            op.armazenamento.salvarArquivo(`${pasta}/video.${formato}`, recebido.caminho, MIME_VIDEO[formato]),
            op.armazenamento.salvar(`${pasta}/miniatura.jpg`, miniatura, 'image/jpeg'),
          ]);
          await registrarEnvio(op.db, op.armazenamento, pasta, { pasta: true });
          return sucesso({
            fileName: nomeHigienizado(parte.filename),
            fileUrlImage: video.url,
            fileThumbImage: thumb.url,
            public_id: pasta,
            asset_id: video.chave,
            video: true as const,
            fileUrl: video.url,
            fileThumb: thumb.url,
          });
        } catch (erro) {
          await op.armazenamento.removerPasta(pasta).catch(() => {});
          throw erro;
        }
      } finally {
        await recebido.descartar();
      }
    },
  );
}

/** Like Promise.all, but waits for every promise to settle before rejecting with the first error. */
async function todosOuErro<T extends readonly unknown[]>(promessas: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const r = await Promise.allSettled(promessas);
  const falha = r.find((x) => x.status === 'rejected');
  if (falha) throw falha.reason;
  return r.map((x) => (x as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
