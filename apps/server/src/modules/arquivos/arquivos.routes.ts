import { idParam, MENSAGENS_REVENDA } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import type { Db } from '../../db/cliente.ts';
import { acessoNegado, ErroHttp, naoEncontrado, sucesso } from '../../lib/http.ts';
import { lerArquivo } from '../../lib/multipart.ts';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { ERROS_DE_ENVIO } from '../../midia/envios-em-curso.ts';
import { MENSAGENS_IMAGEM, nomeUnico, PASTA_LOGOS_NOVOS, prepararLogotipo, prepararMoldura } from '../../midia/imagem.ts';
import { registrarEnvio } from '../../midia/orfaos.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';

const tags = ['arquivos'];
const LIMITE_LOGO_MB = 5;
const LIMITE_MOLDURA_MB = 8;

const arquivoResposta = z.object({
  status: z.literal('success'),
  data: z.object({ fileName: z.string(), fileUrl: z.string() }),
});

/** The frame upload of spec 1 §7: the file comes as a data URL in JSON. */
const molduraEntrada = z.object({
  api_key: z.string().optional().describe('Aceito por compatibilidade; não autoriza nada (a sessão autoriza)'),
  /** Absent while including a reseller (admin): the image goes to the new clients' folder, like the logo. */
  id_revenda: z.string().uuid('Identificador inválido').nullish(),
  upload_preset: z.string().max(2000).nullish(),
  file: z.string().regex(/^data:image\/[\w.+-]+;base64,/, 'Envie a imagem como data URL (data:image/...;base64,...)'),
  tipo_moldura: z.string().max(50).nullish(),
  diretorio: z.string().max(200).nullish(),
  imagem_moldura: z.string().max(1000).nullish(),
});

export async function arquivosRoutes(app: FastifyInstance, op: { db: Db; armazenamento: Armazenamento }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/arquivos/logotipo',
    {
      config: { acesso: 'equipe', envio: true },
      schema: {
        tags,
        summary: `Enviar o logotipo de uma revenda (multipart, campo file; imagem de até ${LIMITE_LOGO_MB} MB)`,
        description:
          'Com `revenda`, o arquivo fica na pasta dessa revenda (alteração: admin ou o gestor dela); sem, na pasta de logotipos de novos clientes (inclusão).',
        consumes: ['multipart/form-data'],
        querystring: z.object({ revenda: idParam.optional() }),
        response: { 200: arquivoResposta, ...ERROS_DE_ENVIO },
      },
    },
    async (req) => {
      const { usuario } = exigirSessao(req);
      const idRevenda = req.query.revenda;
      if (idRevenda) {
        if (usuario.role !== 'admin' && usuario.revenda_id !== idRevenda) throw acessoNegado();
        if (!(await revendasRepository.buscar(op.db, idRevenda))) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      }
      const { dados } = await lerArquivo(req, {
        limiteMb: LIMITE_LOGO_MB,
        semArquivo: MENSAGENS_IMAGEM.semArquivo,
        grandeDemais: MENSAGENS_IMAGEM.grandeDemais(LIMITE_LOGO_MB),
      });
      const logo = await prepararLogotipo(dados);
      // Spec 1 §7: name = user's e-mail + timestamp + extension; a new client's logo goes to its own folder.
      const nome = nomeUnico(usuario.email, 'png');
      const pasta = idRevenda ? `revendas/${idRevenda}/logotipo` : PASTA_LOGOS_NOVOS;
      const salvo = await op.armazenamento.salvar(`${pasta}/${nome}`, logo, 'image/png');
      await registrarEnvio(op.db, op.armazenamento, salvo.chave, { pasta: false });
      return sucesso({ fileName: nome, fileUrl: salvo.url });
    },
  );

  r.post(
    '/api/file/upload-imagem-moldura',
    {
      config: { acesso: 'gestorRevenda', revendaNoCorpo: 'id_revenda', envio: true },
      bodyLimit: Math.ceil(LIMITE_MOLDURA_MB * 1.4 * 1024 * 1024),
      schema: {
        tags,
        summary:
          'Enviar a imagem de moldura (rodapé) de uma revenda (spec 1 §7); sem id_revenda (admin, inclusão), na pasta de novos clientes',
        body: molduraEntrada,
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({
              fileName: z.string(),
              fileUrl: z.string(),
              fileThumb: z.string(),
              public_id: z.string(),
              asset_id: z.string(),
              width: z.number(),
              height: z.number(),
              tipo_moldura: z.string().nullable(),
              diretorio: z.string().nullable(),
            }),
          }),
          ...ERROS_DE_ENVIO,
        },
      },
    },
    async (req) => {
      const corpo = req.body;
      // Without id_revenda only an admin gets here (the guard refuses anyone else): the include form's upload.
      const revenda = corpo.id_revenda ? await revendasRepository.buscar(op.db, corpo.id_revenda) : null;
      if (corpo.id_revenda && !revenda) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      const dados = Buffer.from(corpo.file.slice(corpo.file.indexOf(',') + 1), 'base64');
      if (dados.length > LIMITE_MOLDURA_MB * 1024 * 1024) throw new ErroHttp(413, MENSAGENS_IMAGEM.grandeDemais(LIMITE_MOLDURA_MB));
      const img = await prepararMoldura(dados);
      const nome = nomeUnico('moldura', 'png');
      const chave = revenda ? `revendas/${revenda.id}/moldura/${nome}` : `${PASTA_LOGOS_NOVOS}/${nome}`;
      const salvo = await op.armazenamento.salvar(chave, img.dados, 'image/png');
      await registrarEnvio(op.db, op.armazenamento, chave, { pasta: false });
      return sucesso({
        fileName: nome,
        fileUrl: salvo.url,
        fileThumb: salvo.url,
        public_id: chave,
        asset_id: chave,
        width: img.largura,
        height: img.altura,
        tipo_moldura: corpo.tipo_moldura ?? null,
        diretorio: corpo.diretorio ?? null,
      });
    },
  );
}
