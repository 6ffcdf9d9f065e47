import { idParam, LIMITES_IMAGEM, MENSAGENS_MIDIA, respostaImagemEnviada, tipoImagem } from '@intermedio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroHttp, sucesso } from '../../lib/http.ts';
import { ERROS_DE_ENVIO } from '../../midia/envios-em-curso.ts';
import { abrirArquivoEnviado, type LimitesEnvio } from './envio-em-disco.ts';
import type { ImagensService } from './imagens.service.ts';

const LIMITE_BYTES = LIMITES_IMAGEM.megabytes * 1024 * 1024;

const LIMITES_PADRAO: LimitesEnvio = { bytes: LIMITE_BYTES, mensagens: MENSAGENS_MIDIA };

/**
 * Reads the multipart field `file` into memory, at most the limit: a larger body is refused from its declared length
 * before anything is read, and a stream that goes past the limit is cut there (never buffered beyond it).
 * Other fields sent before the file come in `campos`. Images (15 MB); a video is streamed to disk (envio-em-disco.ts).
 */
export async function lerArquivoEnviado(
  req: FastifyRequest,
  limites: LimitesEnvio = LIMITES_PADRAO,
): Promise<{ dados: Buffer; nome: string | undefined; campos: Record<string, string> }> {
  const { mensagens } = limites;
  const { parte, campos } = await abrirArquivoEnviado(req, limites);
  const dados = await parte.toBuffer().catch((erro: { code?: string }) => {
    if (erro instanceof ErroHttp) throw erro; // the upload's time-out (envios-em-curso.ts)
    if (erro.code === 'FST_REQ_FILE_TOO_LARGE') throw new ErroHttp(413, mensagens.grandeDemais);
    throw new ErroHttp(400, mensagens.corrompida);
  });
  // busboy may mark the stream truncated on its last chunk without toBuffer noticing: check it here too.
  if (parte.file.truncated) throw new ErroHttp(413, mensagens.grandeDemais);
  if (dados.length === 0) throw new ErroHttp(400, mensagens.semArquivo);
  return { dados, nome: parte.filename, campos };
}

export async function imagensRoutes(app: FastifyInstance, op: { imagens: ImagensService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/revendas/:idRevenda/imagens',
    {
      config: { acesso: 'revenda', envio: true },
      schema: {
        tags: ['arquivos'],
        summary: `Enviar uma imagem de veículo, vendido ou banner (multipart, campo file; JPEG, PNG ou WebP de até ${LIMITES_IMAGEM.megabytes} MB e ${LIMITES_IMAGEM.megapixels} megapixels)`,
        description:
          'Guarda o original (sem metadados) e gera a miniatura, a imagem de exibição e, quando a revenda tem moldura para o tipo ' +
          '(tipo_moldura_veiculo / tipo_moldura_vendido), a imagem com moldura, que passa a ser o fileUrl.',
        consumes: ['multipart/form-data'],
        params: z.object({ idRevenda: idParam }),
        querystring: z.object({ tipo: tipoImagem }),
        body: z
          .object({ file: z.string().meta({ format: 'binary' }).describe('O arquivo de imagem (binário)') })
          .nullish()
          .describe('multipart/form-data (lido pela rota em fluxo, com limite)'),
        response: {
          200: respostaImagemEnviada,
          ...ERROS_DE_ENVIO,
        },
      },
    },
    async (req) => sucesso(await op.imagens.enviar(req.params.idRevenda, req.query.tipo, await lerArquivoEnviado(req))),
  );
}
