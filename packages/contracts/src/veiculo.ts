import { z } from 'zod';
import { noMaximo, textoOpcional } from './campos.ts';
import { envelopeSucesso, idParam } from './comum.ts';
import { CANAIS } from './constantes.ts';
import { MENSAGENS } from './mensagens.ts';
import { vendaVeiculo } from './vendas.ts';

/** Vehicle stock (spec 2 §2–§5, §8, §9): lists, form rules, answers and messages. */

export const TIPOS_VEICULO = ['carro', 'moto', 'caminhao', 'outros'] as const;
export type TipoVeiculo = (typeof TIPOS_VEICULO)[number];
export const ROTULO_TIPO_VEICULO: Record<TipoVeiculo, string> = { carro: 'Carro', moto: 'Moto', caminhao: 'Caminhão', outros: 'Outros' };

export const COMBUSTIVEIS = ['flex', 'alcool', 'gasolina', 'diesel', 'gnv', 'eletrico', 'hibrido', 'oleo'] as const;
export type Combustivel = (typeof COMBUSTIVEIS)[number];
export const ROTULO_COMBUSTIVEL: Record<Combustivel, string> = {
  flex: 'Flex',
  alcool: 'Álcool',
  gasolina: 'Gasolina',
  diesel: 'Diesel',
  gnv: 'GNV',
  eletrico: 'Elétrico',
  hibrido: 'Híbrido',
  oleo: 'Óleo',
};

export const CAMBIOS = ['A', 'M'] as const;
export const ROTULO_CAMBIO: Record<(typeof CAMBIOS)[number], string> = { A: 'Automático', M: 'Manual' };

export const CORES_VEICULO = [
  'Amarelo',
  'Azul',
  'Bege',
  'Branco',
  'Bronze',
  'Cinza',
  'Dourado',
  'Indefinida',
  'Laranja',
  'Marrom',
  'Prata',
  'Preto',
  'Rosa',
  'Roxo',
  'Verde',
  'Vermelho',
  'Vinho',
] as const;

/** Stored values of spec 2 §9 and how the form shows them (with accents). */
export const CARROCERIAS = ['Sedan', 'Hatch', 'SUV', 'Passeio', 'Conversivel', 'Pick-up', 'Antigo', 'Buggy', 'Van/Utilitario'] as const;
export type Carroceria = (typeof CARROCERIAS)[number];
export const ROTULO_CARROCERIA: Record<Carroceria, string> = {
  Sedan: 'Sedan',
  Hatch: 'Hatch',
  SUV: 'SUV',
  Passeio: 'Passeio',
  Conversivel: 'Conversível',
  'Pick-up': 'Pick-up',
  Antigo: 'Antigo',
  Buggy: 'Buggy',
  'Van/Utilitario': 'Van/Utilitário',
};

export const PORTAS = [0, 2, 3, 4] as const;

/** Spec 2 §5: year lists from 1950 to the current year; the model year list has one more. */
export const ANO_INICIAL = 1950;
export const anosFabricacao = (hoje = new Date()) => {
  const atual = hoje.getFullYear();
  return Array.from({ length: atual - ANO_INICIAL + 1 }, (_, i) => atual - i);
};
export const anosModelo = (hoje = new Date()) => [hoje.getFullYear() + 1, ...anosFabricacao(hoje)];

/** Plate: at most 7 characters, and at least 7 for a used vehicle (spec 2 §5, §9). */
export const PLACA_TAMANHO = 7;
/** Brazilian plate without dash: old ABC1234 or Mercosul ABC1D23 (checked upper case). */
export const PLACA_FORMATO = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;
/** Spec 2 §9: at most 50 vehicles per cleanup run; eligible after more than 59 days. */
export const LIMPEZA_MAXIMO = 50;
export const LIMPEZA_DIAS = 59;

export const MENSAGENS_VEICULO = {
  removido: 'Veículo removido com sucesso!',
  falhaRemover: 'Falha ao remover veículo!',
  imagemRemovida: 'Imagem removida com sucesso!',
  imagemNaoCarregou: 'Imagem não carregou no servidor',
  gravado: 'Veículo gravado com sucesso!',
  falhaGravar: 'Falha ao gravar veículo!',
  naoEncontrado: 'Veículo não encontrado.',
  kmInvalido: 'Km inválido',
  placaInvalida: 'Placa inválida',
  confirmarRemocao: 'Deseja remover este veículo?',
  imagemInvalida: 'Imagem inválida: envie as fotos pelo formulário.',
  opcionalInvalido: 'Opcional inexistente no catálogo.',
  localInvalido: 'Local de anúncio não cadastrado para esta revenda.',
  removidoSoAdmin: 'Veículo removido: só um administrador pode abrir ou baixar.',
  removidoNaoAltera: 'Veículo removido: não pode ser alterado.',
  confirmarLimpeza: 'Deseja remover definitivamente os veículos removidos há mais de 60 dias (no máximo 50 por vez)?',
  confirmarLimpezaImagens: 'Deseja apagar as imagens dos veículos do histórico, mantendo só a primeira (no máximo 50 por vez)?',
  limpezaFeita: (n: number) => (n === 1 ? '1 veículo removido do histórico.' : `${n} veículos removidos do histórico.`),
  limpezaImagensFeita: (n: number) => (n === 1 ? 'Imagens de 1 veículo apagadas.' : `Imagens de ${n} veículos apagadas.`),
} as const;

const obrigatorio = { error: MENSAGENS.preenchimentoObrigatorio };

/** 0/1 flags: also accepts booleans and "0"/"1" (checkboxes). */
const flag01 = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')])
  .nullish()
  .transform((v): 0 | 1 => (v === 1 || v === true || v === '1' ? 1 : 0));

/** A whole year in a range, from a number or the select's text; anything else is "Preenchimento obrigatório". */
const ano = (extra: number) =>
  z
    .union([z.number(), z.string()], obrigatorio)
    .nullish()
    .transform((v, ctx) => {
      const n = Number(typeof v === 'string' ? v.trim() : v);
      const maximo = new Date().getFullYear() + extra;
      if (v === null || v === undefined || v === '' || !Number.isInteger(n) || n < ANO_INICIAL || n > maximo) {
        ctx.addIssue({ code: 'custom', message: MENSAGENS.preenchimentoObrigatorio });
        return z.NEVER;
      }
      return n;
    });

/** Price: R$ text or number, at least 1 (spec 2 §5); stored as a decimal string with 2 places. */
const valor = z
  .union([z.number(), z.string()], obrigatorio)
  .nullish()
  .transform((v, ctx) => {
    const texto =
      v === null || v === undefined
        ? ''
        : String(v)
            .trim()
            .replace(/^R\$\s*/, '');
    const normal = /,/.test(texto) ? texto.replace(/\./g, '').replace(',', '.') : texto;
    const n = Number(normal);
    if (!/^\d+(\.\d+)?$/.test(normal) || !Number.isFinite(n) || n < 1 || n > 9_999_999_999) {
      ctx.addIssue({ code: 'custom', message: MENSAGENS.preenchimentoObrigatorio });
      return z.NEVER;
    }
    return n.toFixed(2);
  });

/** One photo as the upload route answers it; the server checks that every URL is a file of this reseller. */
export const imagemVeiculoEntrada = z.object({
  imagem: z.string().max(300).nullish(),
  fileName: z.string().trim().min(1, MENSAGENS_VEICULO.imagemInvalida).max(300),
  fileUrl: z.string().trim().min(1, MENSAGENS_VEICULO.imagemInvalida).max(1000),
  fileThumb: z.string().trim().min(1, MENSAGENS_VEICULO.imagemInvalida).max(1000),
  fileOriginal: z.string().trim().min(1, MENSAGENS_VEICULO.imagemInvalida).max(1000),
});
export type ImagemVeiculoEntrada = z.infer<typeof imagemVeiculoEntrada>;

/**
 * A chosen ad location: the reseller's location id and, when the location asks for one, the version picked: its code
 * and its name (`versao`, stored with the code so the form and the view show the name; issue 23 item 14).
 */
export const localAnuncioVeiculoEntrada = z.object({
  id: idParam,
  codigoMarca: textoOpcional(100),
  codigoModelo: textoOpcional(100),
  codigoVersao: textoOpcional(100),
  versao: textoOpcional(200),
});

const camposVeiculo = {
  vetipoveiculo: z.enum(TIPOS_VEICULO, obrigatorio),
  vefipe_marca: z.string(obrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(120),
  ve_modelo: z.string(obrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(120),
  ve_versao: z.string(obrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(200),
  vefipe_codigo: textoOpcional(20),
  veano_fabricacao: ano(0),
  vefipe_ano_modelo: ano(1),
  vefipe_combustivel: z
    .enum(COMBUSTIVEIS, obrigatorio)
    .nullish()
    .transform((v) => v ?? 'flex'),
  vecambio: z.enum(CAMBIOS, obrigatorio),
  vecor: z.enum(CORES_VEICULO, obrigatorio),
  veportas: z
    .union([z.number(), z.string()], obrigatorio)
    .transform((v) => Number(v))
    .pipe(z.union([z.literal(0), z.literal(2), z.literal(3), z.literal(4)], obrigatorio)),
  vecarroceria: z
    .union([z.enum(CARROCERIAS), z.literal('')], obrigatorio)
    .nullish()
    .transform((v): Carroceria | null => v || null),
  veiplaca: z
    .string()
    .nullish()
    .transform((v) => (v ?? '').replace(/[\s-]/g, '').toUpperCase()),
  vequilometragem: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
  vevalor: valor,
  vecodigo_interno: textoOpcional(60),
  veobservacao: textoOpcional(5000),
  veveiculonovo: flag01,
  veipva_pago: flag01,
  veblindado: flag01,
  vegarantia_fabrica: flag01,
  veexibir_site: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  opcionais: z.array(idParam).max(200).default([]),
  locais_anuncio: z.array(localAnuncioVeiculoEntrada).max(50).default([]),
  imagens: z.array(imagemVeiculoEntrada).max(40, 'No máximo 40 fotos por veículo').default([]),
};

type Bruto = { vetipoveiculo?: unknown; vecarroceria?: unknown; veiplaca?: unknown; vequilometragem?: unknown; veveiculonovo?: unknown };
const texto = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/**
 * Spec 2 §5 rules that depend on other fields: used vehicles need km and a 7-character plate; cars need a body.
 * A plate, when given, must be Brazilian (ABC1234 or Mercosul ABC1D23; case and dash ignored), as every channel refuses others.
 * They run even when other fields failed (`when`), so the form shows every invalid field at once.
 */
function regrasVeiculo(v: Bruto, ctx: z.RefinementCtx) {
  const erro = (campo: string, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
  const placa = texto(v.veiplaca).replace(/[\s-]/g, '');
  const km = texto(v.vequilometragem);
  const novo = v.veveiculonovo === 1 || v.veveiculonovo === true || v.veveiculonovo === '1';
  if (placa.length > PLACA_TAMANHO) erro('veiplaca', noMaximo(PLACA_TAMANHO));
  else if (!novo && placa.length < PLACA_TAMANHO) erro('veiplaca', MENSAGENS.preenchimentoObrigatorio);
  else if (placa !== '' && !PLACA_FORMATO.test(placa.toUpperCase())) erro('veiplaca', MENSAGENS_VEICULO.placaInvalida);
  if (!novo && km === '') erro('vequilometragem', MENSAGENS.preenchimentoObrigatorio);
  else if (km !== '' && !/^\d{1,9}$/.test(km)) erro('vequilometragem', MENSAGENS_VEICULO.kmInvalido);
  if (v.vetipoveiculo === 'carro' && !v.vecarroceria) erro('vecarroceria', MENSAGENS.preenchimentoObrigatorio);
}
/**
 * The rules run even when a field's own check failed (the form shows every message at once), but only on an object:
 * a body that is not one (null, a list, a number) is refused by the object check alone, never reaching the rules.
 */
const sempre = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value) };

/** Include a vehicle (the form's fields). The web form validates with the same schema. */
export const veiculoEntrada = z.object(camposVeiculo).superRefine(regrasVeiculo, sempre);
export type VeiculoEntrada = z.input<typeof veiculoEntrada>;
export type VeiculoValidado = z.output<typeof veiculoEntrada>;

/** Change a vehicle: the same fields plus the version it was read at (its `updated_at`), for the optimistic lock. */
export const veiculoAlteracaoEntrada = z
  .object({ ...camposVeiculo, versao: z.string(obrigatorio).datetime({ offset: true, message: MENSAGENS.dadosInvalidos }) })
  .superRefine(regrasVeiculo, sempre);
export type VeiculoAlteracaoEntrada = z.input<typeof veiculoAlteracaoEntrada>;

export const imagemVeiculo = z.object({
  id: z.string(),
  imagem: z.string().nullable(),
  fileName: z.string(),
  fileUrl: z.string(),
  fileThumb: z.string(),
  fileOriginal: z.string(),
});
export type ImagemVeiculo = z.infer<typeof imagemVeiculo>;

export const opcionalVeiculo = z.object({ id: z.string(), descricao: z.string(), ordenacao: z.number() });
export const localAnuncioVeiculo = z.object({
  id: z.string(),
  idLocal: z.string(),
  descricao: z.string(),
  ordenacao: z.number(),
  codigoMarca: z.string().nullable().optional(),
  codigoModelo: z.string().nullable().optional(),
  codigoVersao: z.string().nullable().optional(),
  /** The version's name (null on locations saved before it was stored: show the code then). */
  versao: z.string().nullable().optional(),
});

/** The integrations table of the vehicle view (spec 3 §2.1): per channel, the reseller's configuration and the vehicle's advert. */
export const integracaoVeiculo = z.object({
  canal: z.enum(CANAIS),
  descricao: z.string(),
  configurada: z.boolean().describe('A revenda tem configuração deste canal'),
  status_configuracao: z.boolean().describe('status da configuração da revenda'),
  publicado: z.boolean().describe('O veículo tem anúncio neste canal (status true)'),
  id_anuncio: z.string().nullable(),
  url_anuncio: z.string().nullable(),
  codigo_anuncio: z
    .string()
    .nullable()
    .optional()
    .describe('O número do anúncio como o canal o mostra, quando id_anuncio é o do integrador (Olx: list_id); null: o próprio id_anuncio'),
  estado: z.enum(['pendente', 'publicado', 'falhou']).nullable().describe('Situação do último envio (null: nunca enviado)'),
  ultimo_erro: z.string().nullable().describe('Erro do último envio ou exclusão'),
  desatualizado: z.boolean().describe('O veículo mudou depois da publicação: o canal mostra dados antigos'),
  operacao: z
    .enum(['alterar', 'excluir'])
    .nullable()
    .describe('Operação em andamento no anúncio (alteração ou exclusão no canal; a reconciliação conclui uma exclusão interrompida)'),
  // Optional only for older callers' fixtures: the server always sends it.
  sincronizado_em: z
    .string()
    .nullable()
    .optional()
    .describe('Última resposta do canal a este anúncio (publicação, confirmação, alteração ou falha); null: nenhuma'),
});
export type IntegracaoVeiculo = z.infer<typeof integracaoVeiculo>;

/** One vehicle, as the view and change screens read it. `versao` goes back with a change. */
export const veiculo = z.object({
  id: z.string(),
  revenda_id: z.string(),
  vetipoveiculo: z.enum(TIPOS_VEICULO),
  vefipe_marca: z.string(),
  vefipe_name: z.string(),
  ve_modelo: z.string(),
  ve_versao: z.string(),
  vefipe_codigo: z.string().nullable(),
  veano_fabricacao: z.number(),
  vefipe_ano_modelo: z.number(),
  vefipe_combustivel: z.string(),
  vecambio: z.string().nullable(),
  vecor: z.string().nullable(),
  veportas: z.number().nullable(),
  vecarroceria: z.string().nullable(),
  veiplaca: z.string().nullable(),
  vequilometragem: z.string(),
  vevalor: z.string(),
  vecodigo_interno: z.string().nullable(),
  veobservacao: z.string().nullable(),
  veveiculonovo: z.number(),
  veipva_pago: z.number(),
  veblindado: z.number(),
  vegarantia_fabrica: z.number(),
  veexibir_site: z.boolean(),
  opcionais: z.array(opcionalVeiculo),
  locais_anuncio: z.array(localAnuncioVeiculo),
  imagens: z.array(imagemVeiculo),
  vedestaque: z.number(),
  vealterado: z.number(),
  vevendido: z.number(),
  veremovido: z.number(),
  vevalidacaoincluido: z.number(),
  vevalidacaoalterado: z.number(),
  vevalidacaovendido: z.number(),
  vevalidacaoremovido: z.number(),
  imagens_verificado: z.number(),
  veremovido_usuario: z.string().nullable(),
  veremovido_usuario_nome: z.string().nullable(),
  vedataremovido: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  versao: z.string().describe('updated_at lido; enviar de volta ao alterar'),
  integracoes: z.array(integracaoVeiculo),
  venda: vendaVeiculo.nullable().describe('A venda marcada pelo painel e a retirada dos anúncios (issue 16)'),
});
export type Veiculo = z.infer<typeof veiculo>;

/** A row of the stock list: only what the table shows (spec 2 §2), plus what the text and type filters read. */
/**
 * An advert's state as the list's badges and filters show it (issue 24): a change in flight (operacao 'alterar') is
 * "atualizando", a published advert with old data "desatualizado"; else the send's state.
 */
export const ESTADOS_ANUNCIO = ['publicado', 'desatualizado', 'atualizando', 'pendente', 'falhou'] as const;
export type EstadoAnuncio = (typeof ESTADOS_ANUNCIO)[number];
export const anuncioLinha = z.object({ canal: z.enum(CANAIS), estado: z.enum(ESTADOS_ANUNCIO) });
export type AnuncioLinha = z.infer<typeof anuncioLinha>;

export const veiculoLinha = z.object({
  id: z.string(),
  vetipoveiculo: z.enum(TIPOS_VEICULO),
  vefipe_marca: z.string(),
  vefipe_name: z.string(),
  veano_fabricacao: z.number(),
  vefipe_ano_modelo: z.number(),
  vevalor: z.string(),
  veiplaca: z.string().nullable(),
  vecor: z.string().nullable(),
  vecodigo_interno: z.string().nullable(),
  vevendido: z.number(),
  vealterado: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  dias_estoque: z.number().int(),
  miniatura: z.string().nullable().describe('fileThumb da primeira foto'),
  anuncios: z.array(anuncioLinha).describe('Os anúncios do veículo (um por canal com registro), por canal'),
  vs_fipe: z.number().nullable().describe('Preço em relação ao preço FIPE em cache, em % (+ acima, − abaixo); null sem preço FIPE'),
});
export type VeiculoLinha = z.infer<typeof veiculoLinha>;

/** A row of the history (removed vehicles). */
export const veiculoHistoricoLinha = veiculoLinha.extend({
  vedataremovido: z.string().nullable(),
  veremovido_usuario_nome: z.string().nullable(),
  vevalidacaoremovido: z.number(),
});
export type VeiculoHistoricoLinha = z.infer<typeof veiculoHistoricoLinha>;

/** One entry of the change log: per changed field, the old and new values as text. */
export const alteracaoVeiculo = z.object({
  id: z.string(),
  vedataalteracao: z.string(),
  veusuarioalterou: z.string(),
  campos: z.record(z.string(), z.object({ antiga: z.string(), nova: z.string() })),
});
export type AlteracaoVeiculo = z.infer<typeof alteracaoVeiculo>;

/** Field names of the change log in Portuguese. */
export const ROTULO_CAMPO_VEICULO: Record<string, string> = {
  vetipoveiculo: 'Tipo',
  vefipe_marca: 'Marca',
  ve_modelo: 'Modelo',
  ve_versao: 'Versão',
  vefipe_codigo: 'Código FIPE',
  veano_fabricacao: 'Ano de fabricação',
  vefipe_ano_modelo: 'Ano modelo',
  vefipe_combustivel: 'Combustível',
  vecambio: 'Câmbio',
  vecor: 'Cor',
  veportas: 'Portas',
  vecarroceria: 'Carroceria',
  veiplaca: 'Placa',
  vequilometragem: 'Quilometragem',
  vevalor: 'Valor',
  vecodigo_interno: 'Código interno',
  veobservacao: 'Observação',
  veveiculonovo: 'Veículo novo',
  veipva_pago: 'IPVA pago',
  veblindado: 'Blindado',
  vegarantia_fabrica: 'Garantia de fábrica',
  veexibir_site: 'Exibir no site',
  opcionais: 'Opcionais',
  locais_anuncio: 'Locais de anúncio',
  imagens: 'Fotos',
};

/** Spec 2 §7 buscar-versoes: the vehicle and the reseller's chosen ad locations; answers the versions each location offers. */
export const buscarVersoesEntrada = z.object({
  revenda: idParam,
  veiculo: z.object({
    vetipoveiculo: z.enum(TIPOS_VEICULO, obrigatorio),
    vefipe_marca: z.string(obrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(120),
    vefipe_name: z.string().trim().max(300).nullish(),
    ve_modelo: z.string().trim().max(120).nullish(),
    ve_versao: z.string().trim().max(200).nullish(),
    veano_fabricacao: z.coerce.number().int().nullish(),
    vefipe_ano_modelo: z.coerce.number().int().nullish(),
  }),
  locais_anuncio: z
    .array(z.object({ id: idParam }))
    .max(50)
    .default([]),
});
export type BuscarVersoesEntrada = z.input<typeof buscarVersoesEntrada>;
export const versaoLocal = z.object({ codigo_versao: z.string(), versao: z.string() });
export const localComVersoes = localAnuncioVeiculo.extend({ selecionaVersao: z.boolean(), versoes: z.array(versaoLocal) });

export const veiculoResposta = envelopeSucesso(veiculo);
export const veiculoLinhaResposta = envelopeSucesso(veiculoLinha);
export const veiculoListaResposta = envelopeSucesso(z.array(veiculoLinha));
export const veiculoHistoricoResposta = envelopeSucesso(z.array(veiculoHistoricoLinha));
export const veiculoHistoricoLinhaResposta = envelopeSucesso(veiculoHistoricoLinha);
export const alteracoesVeiculoResposta = envelopeSucesso(z.array(alteracaoVeiculo));
export const limpezaResposta = envelopeSucesso(z.object({ veiculos: z.number().int() }));
export const remocaoVeiculoResposta = envelopeSucesso(z.object({ definitiva: z.boolean() }));
export const buscarVersoesResposta = envelopeSucesso(z.array(localComVersoes));

/** One of the reseller's ad locations (locais_anuncio_revenda), as offered on the vehicle form. */
export const localDaRevenda = z.object({ id: z.string(), idLocal: z.string(), descricao: z.string(), ordenacao: z.number() });
export type LocalDaRevenda = z.infer<typeof localDaRevenda>;
export const locaisDaRevendaResposta = envelopeSucesso(z.array(localDaRevenda));
