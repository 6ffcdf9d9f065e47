import { type FeedDocumento, type FeedVeiculo, feedDocumento } from '@intermedio/contracts';
import { XMLBuilder } from 'fast-xml-parser';
import type { feedRepository, RevendaFeed } from './feed.repository.ts';

type Linha = Awaited<ReturnType<typeof feedRepository.veiculos>>[number];
type Foto = Awaited<ReturnType<typeof feedRepository.fotos>>[number];

const ORIGINAL = /\/original\.[^/]+$/i;
/** Relative /arquivos/ addresses become absolute on the panel's public address; a bucket's address stays. */
const absoluto = (base: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);
const texto = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
const km = (s: string) => Number.parseInt(s.replace(/\D/g, ''), 10) || 0;

/** schema.org/Car (Motorcycle for a motorcycle) of one vehicle, for the site's JSON-LD. */
function jsonLd(v: Omit<FeedVeiculo, 'json_ld'>, revenda: RevendaFeed) {
  return {
    '@context': 'https://schema.org',
    '@type': v.tipo === 'moto' ? 'Motorcycle' : 'Car',
    name: v.titulo,
    brand: { '@type': 'Brand', name: v.marca },
    model: v.modelo,
    vehicleConfiguration: v.versao,
    vehicleModelDate: String(v.ano_modelo),
    productionDate: String(v.ano_fabricacao),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: v.quilometragem, unitCode: 'KMT' },
    fuelType: v.combustivel,
    ...(v.cambio ? { vehicleTransmission: v.cambio } : {}),
    ...(v.cor ? { color: v.cor } : {}),
    ...(v.portas ? { numberOfDoors: v.portas } : {}),
    ...(v.carroceria ? { bodyType: v.carroceria } : {}),
    ...(v.codigo ? { sku: v.codigo } : {}),
    itemCondition: v.novo ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    image: v.fotos.map((f) => f.url),
    offers: {
      '@type': 'Offer',
      price: v.preco.toFixed(2),
      priceCurrency: 'BRL',
      availability: v.vendido ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      seller: { '@type': 'AutoDealer', name: revenda.penome_fantasia },
    },
  };
}

export function montarDocumento(revenda: RevendaFeed, linhas: Linha[], fotos: Foto[], base: string): FeedDocumento {
  const porVeiculo = new Map<string, Foto[]>();
  for (const f of fotos) {
    // Public renditions only: an address naming an original is never published.
    if (ORIGINAL.test(f.file_url)) continue;
    const lista = porVeiculo.get(f.veiculo_id) ?? [];
    lista.push(f);
    porVeiculo.set(f.veiculo_id, lista);
  }
  const veiculos = linhas.map(({ v, vendido_em }) => {
    const vendido = v.vevendido === 1;
    const semLd = {
      id: v.id,
      tipo: v.vetipoveiculo,
      marca: v.vefipe_marca,
      modelo: v.ve_modelo,
      versao: v.ve_versao,
      titulo: [v.vefipe_marca, v.ve_modelo, v.ve_versao].filter(Boolean).join(' '),
      ano_fabricacao: v.veano_fabricacao,
      ano_modelo: v.vefipe_ano_modelo,
      combustivel: v.vefipe_combustivel,
      cambio: texto(v.vecambio),
      cor: texto(v.vecor),
      portas: v.veportas ?? null,
      carroceria: texto(v.vecarroceria),
      quilometragem: km(v.vequilometragem),
      preco: Number(v.vevalor),
      codigo: texto(v.vecodigo_interno),
      observacao: texto(v.veobservacao),
      novo: v.veveiculonovo === 1,
      ipva_pago: v.veipva_pago === 1,
      blindado: v.veblindado === 1,
      garantia_fabrica: v.vegarantia_fabrica === 1,
      destaque: v.vedestaque === 1,
      opcionais: [...v.opcionais].sort((a, b) => a.ordenacao - b.ordenacao).map((o) => o.descricao),
      fotos: (porVeiculo.get(v.id) ?? []).map((f) => ({
        url: absoluto(base, f.file_url),
        miniatura: f.file_thumb && !ORIGINAL.test(f.file_thumb) ? absoluto(base, f.file_thumb) : null,
      })),
      vendido,
      vendido_em: vendido && vendido_em ? vendido_em.toISOString() : null,
      atualizado_em: v.updated_at.toISOString(),
    };
    return { ...semLd, json_ld: jsonLd(semLd, revenda) };
  });
  const documento: FeedDocumento = {
    versao: 1,
    gerado_em: new Date().toISOString(),
    revenda: {
      nome: revenda.penome_fantasia,
      email: revenda.peemail,
      site: texto(revenda.pehomepage),
      telefones: [revenda.petelefone1, revenda.petelefone2, revenda.petelefone3].flatMap((t) => (texto(t) ? [t as string] : [])),
      endereco:
        texto(
          [revenda.peendereco_fiscal, revenda.peendereco_fiscal_numero, revenda.peendereco_fiscal_compl, revenda.pebairro_fiscal]
            .filter((p) => p !== null && p !== undefined && String(p).trim() !== '')
            .join(', '),
        ) ?? null,
      cidade: texto(revenda.pecidade),
      uf: texto(revenda.peuf),
      logotipo: revenda.logotipo ? absoluto(base, revenda.logotipo) : null,
      texto_veiculos: texto(revenda.peblocotexto),
      texto_vendidos: texto(revenda.peblocotextovendidos),
      texto_sobre_nos: texto(revenda.texto_sobre_nos_site),
      horario_seg_sex: texto(revenda.horario_seg_sex),
      horario_sab: texto(revenda.horario_sab),
      mapa: texto(revenda.mapa_link),
      instagram: texto(revenda.instagram_link),
      facebook: texto(revenda.facebook_link),
    },
    veiculos,
  };
  return feedDocumento.parse(documento);
}

const construtor = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: false, suppressEmptyNode: true });

/** The same document as XML (docs/feed.md): lists as repeated elements, JSON-LD left out. */
export function documentoEmXml(d: FeedDocumento): string {
  const { telefones, ...revenda } = d.revenda;
  const corpo = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    feed: {
      '@_versao': d.versao,
      '@_gerado_em': d.gerado_em,
      revenda: { ...revenda, telefones: { telefone: telefones } },
      veiculos: {
        veiculo: d.veiculos.map(({ json_ld: _, opcionais, fotos, ...v }) => ({
          ...v,
          opcionais: { opcional: opcionais },
          fotos: { foto: fotos.map((f) => ({ '@_url': f.url, ...(f.miniatura ? { '@_miniatura': f.miniatura } : {}) })) },
        })),
      },
    },
  };
  return construtor.build(corpo);
}
