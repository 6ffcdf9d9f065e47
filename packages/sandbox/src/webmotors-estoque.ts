import { escaparXml, lerTag, lerTags } from '@intermedio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { falhaSoap, respostaSoap } from './soap.ts';
import {
  CAMBIOS_WM,
  COMBUSTIVEIS_WM,
  CORES_WM,
  conferirCatalogo,
  MARCAS_WM,
  MODALIDADES_WM,
  OPCIONAIS_WM,
  type TipoWebmotors,
} from './webmotors-catalogo.ts';

/**
 * Webmotors' stock service (wsEstoqueRevendedorWebMotors.asmx), as the third-party clients of channels.md §3 saw it:
 * one SOAP operation per SOAPAction, every call carrying the hash `autenticar` gave (an unknown or expired hash →
 * CodigoRetorno 31), adverts answered with CodigoAnuncio (0 = refused) and CodigoRetorno (500 = success, else the
 * refused data's codes joined by commas, spec 3 §8.3). Adverts live in memory per process.
 * Switches in the advert's Observacao: "falhar" (HTTP 500 Fault), "lento", "travar", and "retornar:43|999" (that
 * return code). `POST /_expirar` expires every hash issued so far (the next call answers 31). `GET /_anuncios` lists
 * the adverts with the changes (`alteracoes`) each received.
 */
export const NS_ESTOQUE = 'www.webmotors.com.br/wsEstoqueRevendedorWebMotors';

type Anuncio = {
  codigo: number;
  cnpj: string;
  tipo: TipoWebmotors;
  referencia: string;
  campos: Record<string, string>;
  opcionais: number[];
  fotos: { codigo: number; bytes: number }[];
  situacao: 'ativo' | 'excluido';
  motivoExclusao?: string;
  incluidoEm: string;
  alteradoEm: string;
  /** Changes (Alterar) applied, for tests: a double click must reach the channel once. */
  alteracoes: number;
};

/** Element order of pAnuncio (ASMX reads it in this order); also the order the listing shows. */
export const CAMPOS_ANUNCIO = [
  'CodigoAnuncio',
  'CodigoModalidade',
  'TipoAnuncio',
  'CodigoMarca',
  'CodigoModelo',
  'CodigoVersao',
  'AnoDoModelo',
  'AnoFabricacao',
  'Km',
  'Placa',
  'NrPortas',
  'CodigoCambio',
  'CodigoCor',
  'CodigoCombustivel',
  'PrecoVenda',
  'PrecoReal',
  'Observacao',
  'Blindado',
  'AdaptadoDeficientesFisicos',
  'UnicoDono',
  'Alienado',
  'Licenciado',
  'IpvaPago',
  'RevisoesEmConcessionaria',
  'GarantiaDeFabrica',
  'CodigoReferencia',
] as const;
const FLAGS = CAMPOS_ANUNCIO.slice(17, 25);

const hashes = new Map<string, { cnpj: string; valido: boolean }>();
const anuncios = new Map<number, Anuncio>();
let proximoAnuncio = 7_100_000;
let proximaFoto = 90_000;

/** The login service records the hashes it gives; only those are accepted here. */
export const registrarHash = (hash: string, cnpj: string) => hashes.set(hash, { cnpj, valido: true });

const linhas = (tag: string, itens: Record<string, string | number>[]) =>
  itens
    .map(
      (i) =>
        `<${tag}>${Object.entries(i)
          .map(([k, v]) => `<${k}>${escaparXml(String(v))}</${k}>`)
          .join('')}</${tag}>`,
    )
    .join('');

const PLACA = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;

/** The codes refused in an advert (include or change), empty when valid. */
function validar(tipo: TipoWebmotors, c: Record<string, string>, opcionais: number[], anterior?: Anuncio): string[] {
  const erros: string[] = [];
  const n = (campo: string) => Number(c[campo] ?? '');
  const vazio = (campo: string) => !c[campo] || c[campo] === '0';
  const tipoAnuncio = c.TipoAnuncio ?? '';
  if (!['U', 'N'].includes(tipoAnuncio)) erros.push('43|55');
  if (anterior && anterior.campos.TipoAnuncio !== tipoAnuncio) erros.push('43|57');
  const modalidade = MODALIDADES_WM.find((m) => m.codigo === n('CodigoModalidade'));
  if (!anterior || !vazio('CodigoModalidade')) {
    if (!modalidade || modalidade.tipoAnuncio !== tipoAnuncio) erros.push('43|56');
    else if (!anterior) {
      const usados = [...anuncios.values()].filter(
        (a) => a.cnpj === c.cnpj && a.situacao === 'ativo' && a.campos.CodigoModalidade === String(modalidade.codigo),
      ).length;
      if (usados >= modalidade.quota) erros.push('43|32');
    }
  }
  for (const [campo, cod] of [
    ['PrecoVenda', '43|7'],
    ['AnoDoModelo', '43|8'],
    ['AnoFabricacao', '43|9'],
    ['CodigoCambio', '43|10'],
    ['CodigoCor', '43|11'],
    ['CodigoMarca', '43|15'],
    ['CodigoModelo', '43|16'],
    ['CodigoVersao', '43|17'],
    ['CodigoCombustivel', '43|18'],
  ] as const) {
    if (vazio(campo)) erros.push(cod);
  }
  if (!vazio('CodigoVersao') && !conferirCatalogo(tipo, n('CodigoMarca'), n('CodigoModelo'), n('CodigoVersao'), n('AnoDoModelo')))
    erros.push('43|41');
  if (!vazio('AnoFabricacao') && (n('AnoFabricacao') > n('AnoDoModelo') || n('AnoFabricacao') < n('AnoDoModelo') - 1)) erros.push('43|85');
  const km = c.Km ?? '';
  if (!/^\d+$/.test(km)) erros.push('43|79');
  else if (anterior && Number(km) < Number(anterior.campos.Km ?? 0)) erros.push('43|107');
  const placa = c.Placa ?? '';
  if (tipoAnuncio === 'U' && !placa) erros.push('43|13');
  if (placa && !PLACA.test(placa)) erros.push('43|84');
  const preco = Number(c.PrecoVenda);
  if (!vazio('PrecoVenda') && !(preco > 0)) erros.push('28|2');
  if (c.PrecoReal && Number(c.PrecoReal) < preco) erros.push('22|78');
  if (!vazio('CodigoCor') && !CORES_WM.some((x) => x.codigo === n('CodigoCor'))) erros.push('43|63');
  if (!vazio('CodigoCombustivel') && !COMBUSTIVEIS_WM.some((x) => x.codigo === n('CodigoCombustivel'))) erros.push('43|44');
  if (!vazio('CodigoCambio') && !CAMBIOS_WM.some((x) => x.codigo === n('CodigoCambio'))) erros.push('43|45');
  if (tipo === 'carro' && !['0', '1', '2', '3', '4', '5'].includes(c.NrPortas ?? '')) erros.push('43|62');
  if (FLAGS.some((f) => !['S', 'N'].includes(c[f] ?? ''))) erros.push('43|46');
  const obs = c.Observacao ?? '';
  if (obs.length > 1500) erros.push('43|97');
  if (/<\s*[a-z/!]/i.test(obs)) erros.push('43|65');
  if (opcionais.some((o) => !OPCIONAIS_WM.some((x) => x.codigo === o))) erros.push('43|38');
  return erros;
}

type Chamada = { xml: string; cnpj: string; req: FastifyRequest; reply: FastifyReply };

const listagem = (a: Anuncio) => ({
  CodigoAnuncio: a.codigo,
  tipo: a.tipo,
  situacao: a.situacao,
  ...Object.fromEntries(CAMPOS_ANUNCIO.slice(1).map((k) => [k, a.campos[k] ?? ''])),
  Opcional: a.opcionais,
  fotos: a.fotos,
  cnpj: a.cnpj,
  motivoExclusao: a.motivoExclusao ?? null,
  incluidoEm: a.incluidoEm,
  alteradoEm: a.alteradoEm,
  alteracoes: a.alteracoes,
});

/** Include or change a car or motorcycle advert. */
async function gravar(tipo: TipoWebmotors, alterar: boolean, { xml, cnpj, req, reply }: Chamada) {
  const corpo = lerTag(xml, 'pAnuncio') ?? '';
  const campos: Record<string, string> = Object.fromEntries(CAMPOS_ANUNCIO.map((k) => [k, lerTag(corpo, k) ?? '']));
  campos.cnpj = cnpj;
  const obs = campos.Observacao ?? '';
  const chaves = obs.match(/\b(falhar|lento|travar)\b/gi)?.join(' ');
  if ((await aplicarChaves(req, chaves)) === 'falhar') return reply.code(500).send(falhaSoap('Server was unable to process request.'));
  const opcionais = lerTags(corpo, 'CodigoOpcional').map(Number);
  const forcado = /retornar:([\d|,]+)/.exec(obs)?.[1];
  const codigoAnuncio = Number(campos.CodigoAnuncio || 0);
  const anterior = alterar ? anuncios.get(codigoAnuncio) : undefined;
  let erros: string[];
  if (forcado) erros = [forcado];
  else if (alterar && !codigoAnuncio) erros = ['43|106'];
  else if (alterar && (!anterior || anterior.tipo !== tipo)) erros = ['43|40'];
  else if (anterior && anterior.cnpj !== cnpj) erros = ['43|39'];
  else if (anterior?.situacao === 'excluido') erros = ['43|36'];
  else erros = validar(tipo, campos, opcionais, anterior);
  if (erros.length > 0) return { CodigoAnuncio: 0, CodigoRetorno: erros.join(',') };
  const agora = new Date().toISOString();
  delete campos.cnpj;
  if (anterior) {
    Object.assign(anterior, {
      campos: {
        ...campos,
        CodigoModalidade: campos.CodigoModalidade || anterior.campos.CodigoModalidade,
        CodigoReferencia: anterior.referencia,
      },
      opcionais,
      alteradoEm: agora,
      alteracoes: anterior.alteracoes + 1,
    });
    return { CodigoAnuncio: anterior.codigo, CodigoRetorno: '500' };
  }
  const codigo = ++proximoAnuncio;
  anuncios.set(codigo, {
    codigo,
    cnpj,
    tipo,
    referencia: campos.CodigoReferencia ?? '',
    campos: { ...campos, CodigoAnuncio: String(codigo) },
    opcionais,
    fotos: [],
    situacao: 'ativo',
    incluidoEm: agora,
    alteradoEm: agora,
    alteracoes: 0,
  });
  return { CodigoAnuncio: codigo, CodigoRetorno: '500' };
}

/** The dealer's advert named in the call, or the code refusing it. */
function anuncioDaRevenda(xml: string, cnpj: string, tipo?: TipoWebmotors): Anuncio | string {
  const codigo = Number(lerTag(xml, 'pCodigoAnuncio') ?? 0);
  if (!codigo) return '43|106';
  const a = anuncios.get(codigo);
  if (!a || (tipo && a.tipo !== tipo)) return '43|40';
  if (a.cnpj !== cnpj) return '43|39';
  return a;
}

function excluir(xml: string, cnpj: string, tipo: TipoWebmotors) {
  const a = anuncioDaRevenda(xml, cnpj, tipo);
  if (typeof a === 'string') return { CodigoRetorno: a };
  if (a.situacao === 'excluido') return { CodigoRetorno: '43|98' };
  const motivo = lerTag(xml, 'pMotivoExclusao') ?? '';
  if (!motivo || motivo === '0') return { CodigoRetorno: '43|58' };
  Object.assign(a, { situacao: 'excluido', motivoExclusao: motivo, alteradoEm: new Date().toISOString() });
  return { CodigoRetorno: '500' };
}

function incluirFoto(xml: string, cnpj: string) {
  const a = anuncioDaRevenda(xml, cnpj);
  if (typeof a === 'string') return { CodigoFotoAnuncio: 0, CodigoRetorno: a };
  const bytes = Buffer.from(lerTag(xml, 'pByteImage') ?? '', 'base64');
  // Webmotors takes JPEG only.
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
    return { CodigoFotoAnuncio: 0, CodigoRetorno: '21|10' };
  const codigo = ++proximaFoto;
  a.fotos.push({ codigo, bytes: bytes.length });
  return { CodigoFotoAnuncio: codigo, CodigoRetorno: '500' };
}

function excluirFoto(xml: string, cnpj: string) {
  const a = anuncioDaRevenda(xml, cnpj);
  if (typeof a === 'string') return { CodigoRetorno: a };
  const foto = Number(lerTag(xml, 'pCodigoFoto') ?? 0);
  if (!a.fotos.some((f) => f.codigo === foto)) return { CodigoRetorno: '43|69' };
  a.fotos = a.fotos.filter((f) => f.codigo !== foto);
  return { CodigoRetorno: '500' };
}

const campo = (obj: Record<string, string | number>) =>
  Object.entries(obj)
    .map(([k, v]) => `<${k}>${escaparXml(String(v))}</${k}>`)
    .join('');

/** Answers each operation's body (inside <{Op}Result>), given an authenticated dealer. */
async function operar(op: string, ch: Chamada): Promise<string | FastifyReply> {
  const { xml, cnpj } = ch;
  const tipo: TipoWebmotors = /Moto$/.test(op) ? 'moto' : 'carro';
  const base = op.replace(/Moto$/, '').replace(/Carro$/, '');
  switch (base) {
    case 'ObterMarca':
      return linhas(
        'MarcaWM',
        MARCAS_WM[tipo].map((m) => ({ CodigoMarca: m.codigo, NomeMarca: m.nome, CodigoRetorno: 500 })),
      );
    case 'ObterModelo': {
      const marca = MARCAS_WM[tipo].find((m) => m.codigo === Number(lerTag(xml, 'pCodigoMarca')));
      return linhas(
        'ModeloWM',
        (marca?.modelos ?? []).map((m) => ({ CodigoModelo: m.codigo, NomeModelo: m.nome, CodigoRetorno: 500 })),
      );
    }
    case 'ObterVersao': {
      const codigo = Number(lerTag(xml, 'pCodigoModelo'));
      const modelo = MARCAS_WM[tipo].flatMap((m) => m.modelos).find((m) => m.codigo === codigo);
      return linhas(
        'Versao',
        (modelo?.versoes ?? []).map((v) => ({ CodigoVersao: v.codigo, NomeVersao: v.nome, CodigoRetorno: 500 })),
      );
    }
    case 'ObterCores':
      return linhas(
        'CorWM',
        CORES_WM.map((c) => ({ CodigoCor: c.codigo, Descricao: c.nome, CodigoRetorno: 500 })),
      );
    case 'ObterCombustivel':
      return linhas(
        'CombustivelWM',
        COMBUSTIVEIS_WM.map((c) => ({ CodigoCombustivel: c.codigo, Descricao: c.nome, CodigoRetorno: 500 })),
      );
    case 'ObterCambio':
      return linhas(
        'TipoCambioWM',
        CAMBIOS_WM.map((c) => ({ CodigoCambio: c.codigo, Descricao: c.nome, CodigoRetorno: 500 })),
      );
    case 'ObterOpcionais':
      return linhas(
        'OpcionalWM',
        OPCIONAIS_WM.map((c) => ({ CodigoOpcional: c.codigo, Descricao: c.nome, CodigoRetorno: 500 })),
      );
    case 'ObterModalidade':
      return linhas(
        'ModalidadeWM',
        MODALIDADES_WM.map((m) => ({
          CodigoModalidade: m.codigo,
          Descricao: m.nome,
          TipoAnuncio: m.tipoAnuncio,
          QuantidadeAnunciosTotal: m.quota,
          QuantidadeAnuncios: [...anuncios.values()].filter(
            (a) => a.cnpj === cnpj && a.situacao === 'ativo' && a.campos.CodigoModalidade === String(m.codigo),
          ).length,
          CodigoRetorno: 500,
        })),
      );
    case 'ObterEstoqueAtual':
      return [...anuncios.values()]
        .filter((a) => a.cnpj === cnpj && a.situacao === 'ativo')
        .map(
          (a) =>
            `<Anuncio>${campo({ ...a.campos, CodigoAnuncio: a.codigo, Tipo: a.tipo })}<Opcional>${linhas(
              'OpcionalWM',
              a.opcionais.map((o) => ({ CodigoOpcional: o })),
            )}</Opcional><QuantidadeFotos>${a.fotos.length}</QuantidadeFotos></Anuncio>`,
        )
        .join('');
    case 'Incluir':
    case 'Alterar': {
      const r = await gravar(tipo, base === 'Alterar', ch);
      return 'CodigoRetorno' in r ? campo(r) : r;
    }
    case 'Excluir':
      return campo(excluir(xml, cnpj, tipo));
    case 'IncluirFoto':
      return campo(incluirFoto(xml, cnpj));
    case 'ExcluirFoto':
      return campo(excluirFoto(xml, cnpj));
    case 'ObterFotos': {
      const a = anuncioDaRevenda(xml, cnpj);
      if (typeof a === 'string') return campo({ QuantidadeFotos: 0, CodigoRetorno: a });
      return `${linhas(
        'DetalheFotoWM',
        a.fotos.map((f) => ({ CodigoFotoAnuncio: f.codigo })),
      )}${campo({ QuantidadeFotos: a.fotos.length, CodigoRetorno: 500 })}`;
    }
    default:
      return ch.reply.code(500).send(falhaSoap(`Operação desconhecida: ${op}`));
  }
}

export async function sandboxEstoqueWebmotors(app: FastifyInstance) {
  app.post('/wsEstoqueRevendedorWebMotors.asmx', PUBLICO, async (req, reply) => {
    const xml = String(req.body ?? '');
    const acao = String(req.headers.soapaction ?? '').replace(/"/g, '');
    const op = acao.startsWith(`${NS_ESTOQUE}/`) ? acao.slice(NS_ESTOQUE.length + 1) : '';
    reply.type('text/xml; charset=utf-8');
    const resposta = (conteudo: string) =>
      respostaSoap(`<${op}Response xmlns="${NS_ESTOQUE}"><${op}Result>${conteudo}</${op}Result></${op}Response>`);
    const sessao = hashes.get(lerTag(xml, 'pHashAutenticacao') ?? '');
    // An unknown or expired hash: every operation answers 31 in its own shape.
    if (!sessao?.valido) return resposta(campo({ CodigoAnuncio: 0, CodigoRetorno: '31' }));
    const r = await operar(op, { xml, cnpj: sessao.cnpj, req, reply });
    return typeof r === 'string' ? resposta(r) : r;
  });

  app.get('/_anuncios', PUBLICO, async () => ({ anuncios: [...anuncios.values()].map(listagem) }));

  app.post('/_expirar', PUBLICO, async () => {
    for (const h of hashes.values()) h.valido = false;
    return { expirados: hashes.size };
  });
}
