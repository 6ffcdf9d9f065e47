import { escaparXml, lerTag, lerTags } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import {
  anosModelo,
  itensXml,
  LISTAS_AUTOLINE,
  marcasAutoline,
  modelosAutoline,
  naLista,
  VERSOES_AUTOLINE,
  versoesDoAno,
} from './autoline-catalogo.ts';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { falhaSoap, respostaSoap } from './soap.ts';

/** Autoline's SOAP namespace (integradoras.asmx). */
const NS = 'http://api.autoline.com.br/';

/**
 * Autoline `integradoras.asmx` (channels.md §6; answer shapes are our reading, as in canais/autoline/client.ts):
 * every operation carries userEmail / userPassword and answers `<Sucesso>`, `<Codigo>`, `<Mensagem>` and its data.
 * E-mail switches: "recusar" wrong login, "falhar" SOAP Fault (HTTP 500), "lento" / "travar", "semplano" no plan.
 * `AlterarAnuncioCarro(idAnuncio, model)` (issue 24) validates the model as the insert does, plus `AdPublishStatusId`
 * (1 published, 2 paused; our reading) and `EnableField` (0/1), and replaces the advert's data; its reference
 * (`OperatorCode`) and address stay. An unknown or cancelled advert answers ANUNCIO_INEXISTENTE / ANUNCIO_CANCELADO.
 */
type Anuncio = {
  AdId: string;
  login: string;
  OperatorCode: string;
  UrlAnuncio: string;
  Status: 'Ativo' | 'Cancelado';
  MotivoCancelamentoId: string | null;
  campos: Record<string, string>;
  Features: string[];
  criadoEm: string;
  /** Edits received (AlterarAnuncioCarro), for tests. */
  alteracoes: number;
};
const anuncios = new Map<string, Anuncio>();
let proximoId = 510001;

/** Fields of `model` (IncluirAnuncioCarro), as the 2017 SDK names them. */
const CAMPOS_MODELO = [
  'UserId',
  'AdId',
  'AdPlanSubscriptionId',
  'IsFeatured',
  'CityId',
  'ZipCode',
  'IsZeroKm',
  'MakeId',
  'ModelId',
  'ModelVersionId',
  'ModelYear',
  'BuiltYear',
  'RegistrationPlate',
  'Price',
  'Odometer',
  'FuelTypeId',
  'TransmissionId',
  'DoorNumberId',
  'ColorId',
  'BodyTypeId',
  'AdditionalInformation',
  'IsOneOwnerUsed',
  'IsRegistrationPaid',
  'IsTaxPaid',
  'IsSwapNotAccepted',
  'IsFinanced',
  'IsArmored',
  'IsDisabilityAdapted',
  'IsCollectorVehicle',
  'AreAllServicesMadeByAuthorizedCenters',
  'IsManufacturerWarrantyActive',
  'ClientOriginId',
  'OperatorCode',
] as const;
const FLAGS = CAMPOS_MODELO.filter((c) => c.startsWith('Is') || c.startsWith('Are'));

const resultado = (operacao: string, sucesso: boolean, codigo: string, mensagem: string, conteudo = '') =>
  respostaSoap(
    `<${operacao}Response xmlns="${NS}"><${operacao}Result><Sucesso>${sucesso}</Sucesso><Codigo>${codigo}</Codigo><Mensagem>${escaparXml(mensagem)}</Mensagem>${conteudo}</${operacao}Result></${operacao}Response>`,
  );

const anuncioXml = (a: Anuncio) =>
  `<Anuncio><AdId>${a.AdId}</AdId><OperatorCode>${escaparXml(a.OperatorCode)}</OperatorCode><Status>${a.Status}</Status><UrlAnuncio>${escaparXml(a.UrlAnuncio)}</UrlAnuncio></Anuncio>`;

/** Autoline's checks of an advert (`model`): catalogue ids, 0/1 flags, zero km without mileage, a plan. */
function validar(c: Record<string, string>, semPlano: boolean): string[] {
  const erros: string[] = [];
  const versao = VERSOES_AUTOLINE.get(c.ModelVersionId ?? '');
  if (!versao || versao.modeloId !== c.ModelId || versao.marcaId !== c.MakeId) erros.push('MakeId/ModelId/ModelVersionId inconsistentes');
  for (const [campo, lista] of [
    ['ColorId', 'ConsultarCores'],
    ['FuelTypeId', 'ConsultarCombustiveis'],
    ['TransmissionId', 'ConsultarCambios'],
    ['DoorNumberId', 'ConsultarNroPortas'],
    ['BodyTypeId', 'ConsultarCategorias'],
  ] as const) {
    if (!naLista(lista, c[campo] ?? '')) erros.push(`${campo} inválido`);
  }
  for (const f of FLAGS) if (!['0', '1'].includes(c[f] ?? '')) erros.push(`${f} deve ser 0 ou 1`);
  if (!(Number(c.Price) > 0)) erros.push('Price inválido');
  if (!/^\d{4}$/.test(c.ModelYear ?? '') || !/^\d{4}$/.test(c.BuiltYear ?? '')) erros.push('ModelYear/BuiltYear inválidos');
  if (c.IsZeroKm === '1' && Number(c.Odometer) > 0) erros.push('IsZeroKm com Odometer maior que zero');
  if (semPlano || c.AdPlanSubscriptionId !== '1') erros.push('AdPlanSubscriptionId sem plano adquirido');
  if ((c.AdditionalInformation ?? '').toLowerCase().includes('recusar')) erros.push('AdditionalInformation recusado pela moderação');
  return erros;
}

/** One operation of the service, given the login already checked. */
function operar(operacao: string, xml: string, login: string, semPlano: boolean): string {
  const doLogin = (id: string) => {
    const a = anuncios.get(id);
    return a && a.login === login ? a : null;
  };
  switch (operacao) {
    case 'ConsultarPlanosAdquiridos':
      return resultado(
        operacao,
        true,
        '',
        '',
        `<UserId>7001</UserId><Planos>${semPlano ? '' : '<PlanoAdquirido><Id>1</Id><Nome>Revenda 30</Nome></PlanoAdquirido>'}</Planos>`,
      );
    case 'ConsultarMarcas':
      return resultado(operacao, true, '', '', itensXml(lerTag(xml, 'segment') === 'Car' ? marcasAutoline() : []));
    case 'ConsultarModelos':
      return resultado(operacao, true, '', '', itensXml(modelosAutoline(lerTag(xml, 'makeId') ?? '')));
    case 'ConsultarAnosModelo':
      return resultado(operacao, true, '', '', itensXml(anosModelo(lerTag(xml, 'modelId') ?? '')));
    case 'ConsultarVersoesModelo':
      return resultado(operacao, true, '', '', itensXml(versoesDoAno(lerTag(xml, 'modelYearId') ?? '')));
    case 'ConsultarAnuncios':
      return resultado(
        operacao,
        true,
        '',
        '',
        `<Anuncios>${[...anuncios.values()]
          .filter((a) => a.login === login)
          .map(anuncioXml)
          .join('')}</Anuncios>`,
      );
    case 'ConsultarAnuncio': {
      const a = doLogin(lerTag(xml, 'AdId') ?? '');
      return a
        ? resultado(operacao, true, '', '', anuncioXml(a))
        : resultado(operacao, false, 'ANUNCIO_INEXISTENTE', 'Anúncio não encontrado.');
    }
    case 'IncluirAnuncioCarro': {
      const modelo = lerTag(xml, 'model') ?? '';
      const campos = Object.fromEntries(CAMPOS_MODELO.map((c) => [c, lerTag(modelo, c) ?? '']));
      const repetido = [...anuncios.values()].find((a) => a.login === login && a.OperatorCode && a.OperatorCode === campos.OperatorCode);
      if (repetido)
        return resultado(operacao, true, '', '', `<AdId>${repetido.AdId}</AdId><UrlAnuncio>${repetido.UrlAnuncio}</UrlAnuncio>`);
      const erros = validar(campos, semPlano);
      if (erros.length) return resultado(operacao, false, 'VALIDACAO', erros.join('; '));
      const AdId = String(proximoId++);
      const a: Anuncio = {
        AdId,
        login,
        OperatorCode: campos.OperatorCode ?? '',
        UrlAnuncio: `https://www.autoline.com.br/carro/${AdId}`,
        Status: 'Ativo',
        MotivoCancelamentoId: null,
        campos,
        Features: lerTags(lerTag(modelo, 'Features') ?? '', 'int'),
        criadoEm: new Date().toISOString(),
        alteracoes: 0,
      };
      anuncios.set(AdId, a);
      return resultado(operacao, true, '', '', `<AdId>${AdId}</AdId><UrlAnuncio>${a.UrlAnuncio}</UrlAnuncio>`);
    }
    case 'AlterarAnuncioCarro': {
      const a = doLogin(lerTag(xml, 'idAnuncio') ?? '');
      if (!a) return resultado(operacao, false, 'ANUNCIO_INEXISTENTE', 'Anúncio não encontrado.');
      if (a.Status === 'Cancelado') return resultado(operacao, false, 'ANUNCIO_CANCELADO', 'Anúncio cancelado não pode ser alterado.');
      const modelo = lerTag(xml, 'model') ?? '';
      const campos = Object.fromEntries(CAMPOS_MODELO.map((c) => [c, lerTag(modelo, c) ?? '']));
      const erros = validar(campos, semPlano);
      if (campos.AdId !== a.AdId) erros.push('AdId diferente de idAnuncio');
      if (!['1', '2'].includes(lerTag(modelo, 'AdPublishStatusId') ?? '')) erros.push('AdPublishStatusId inválido');
      if (!['0', '1'].includes(lerTag(modelo, 'EnableField') ?? '')) erros.push('EnableField deve ser 0 ou 1');
      if (erros.length) return resultado(operacao, false, 'VALIDACAO', erros.join('; '));
      a.campos = { ...campos, OperatorCode: a.OperatorCode, AdPublishStatusId: lerTag(modelo, 'AdPublishStatusId') ?? '' };
      a.Features = lerTags(lerTag(modelo, 'Features') ?? '', 'int');
      a.alteracoes++;
      return resultado(operacao, true, '', '', `<AdId>${a.AdId}</AdId><UrlAnuncio>${a.UrlAnuncio}</UrlAnuncio>`);
    }
    case 'CancelarAnuncio': {
      const a = doLogin(lerTag(xml, 'idAnuncio') ?? '');
      if (!a) return resultado(operacao, false, 'ANUNCIO_INEXISTENTE', 'Anúncio não encontrado.');
      if (a.Status === 'Cancelado') return resultado(operacao, false, 'ANUNCIO_CANCELADO', 'Anúncio já cancelado.');
      const motivo = lerTag(xml, 'idMotivo') ?? '';
      if (!naLista('ConsultarMotivosCancelamentoAnuncio', motivo)) return resultado(operacao, false, 'VALIDACAO', 'idMotivo inválido');
      a.Status = 'Cancelado';
      a.MotivoCancelamentoId = motivo;
      return resultado(operacao, true, '', '');
    }
    default:
      if (operacao in LISTAS_AUTOLINE)
        return resultado(operacao, true, '', '', itensXml(LISTAS_AUTOLINE[operacao as keyof typeof LISTAS_AUTOLINE]));
      return falhaSoap(`Operação desconhecida: ${operacao}`);
  }
}

export async function sandboxAutoline(app: FastifyInstance) {
  app.post('/integradoras.asmx', PUBLICO, async (req, reply) => {
    const xml = String(req.body ?? '');
    const operacao = /<soap:Body>\s*<(\w+)/.exec(xml)?.[1] ?? '';
    const email = lerTag(xml, 'userEmail') ?? '';
    const senha = lerTag(xml, 'userPassword') ?? '';
    const desfecho = await aplicarChaves(req, email);
    reply.type('text/xml; charset=utf-8');
    if (desfecho === 'falhar') return reply.code(500).send(falhaSoap('Erro interno do servidor Autoline.'));
    if (desfecho !== 'ok' || !email.includes('@') || !senha)
      return resultado(operacao, false, 'AUTENTICACAO', 'Usuário ou senha inválidos.');
    const resposta = operar(operacao, xml, email.toLowerCase(), email.includes('semplano'));
    if (resposta.includes('<soap:Fault>')) return reply.code(500).send(resposta);
    return resposta;
  });

  // For tests: every advert received by this process, cancelled ones included.
  app.get('/_anuncios', PUBLICO, async () => ({
    anuncios: [...anuncios.values()].map(({ campos, ...a }) => ({ ...campos, ...a })),
  }));
}
