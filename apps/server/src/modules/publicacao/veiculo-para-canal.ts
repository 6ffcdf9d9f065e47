import type { VeiculoParaCanal } from '../../canais/publicacao.ts';
import type { publicacaoRepository } from './publicacao.repository.ts';

type Carregado = NonNullable<Awaited<ReturnType<typeof publicacaoRepository.veiculo>>>;

/** Graph and the portals fetch the photos themselves: they need the absolute public address. */
export const absoluto = (publicUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The product's data as every adapter reads it ("Dados Intermédio"; spec 3 §3.2). `assinar` gives the originals a
 * signed address (midia/acesso-arquivos.ts): originals need a session, and the channels fetch them with none.
 */
export function paraCanal(
  { v, r, imagens }: Carregado,
  publicUrl: string,
  assinar: (url: string) => string = (url) => url,
): VeiculoParaCanal {
  const abs = (u: string) => absoluto(publicUrl, u);
  return {
    id: v.id,
    revendaId: v.revenda_id,
    tipo: v.vetipoveiculo,
    marca: v.vefipe_marca,
    // The stored model and version (the form keeps them apart; vefipe_name is "model version").
    modelo: v.ve_modelo,
    versao: v.ve_versao,
    anoFabricacao: v.veano_fabricacao,
    anoModelo: v.vefipe_ano_modelo,
    placa: (v.veiplaca ?? '').toUpperCase(),
    km: Number.parseInt((v.vequilometragem ?? '0').replace(/\D/g, '') || '0', 10),
    valor: Number(v.vevalor),
    cor: v.vecor ?? '',
    combustivel: v.vefipe_combustivel,
    cambio: v.vecambio === 'A' ? 'A' : 'M',
    portas: v.veportas,
    carroceria: v.vecarroceria ?? '',
    novo: v.veveiculonovo === 1,
    blindado: v.veblindado === 1,
    ipvaPago: v.veipva_pago === 1,
    garantiaFabrica: v.vegarantia_fabrica === 1,
    observacao: v.veobservacao ?? '',
    opcionais: [...v.opcionais].sort((a, b) => a.ordenacao - b.ordenacao).map((o) => o.descricao),
    fotos: imagens.map((i) => ({
      url: abs(i.file_url),
      urlOriginal: abs(assinar(i.file_original ?? i.file_url)),
      miniatura: abs(i.file_thumb ?? i.file_url),
      chave: i.file_original ?? i.file_url,
    })),
    revenda: {
      nomeFantasia: r.penome_fantasia,
      telefone: r.petelefone1 ?? '',
      cep: (r.pecep_fiscal ?? '').replace(/\D/g, ''),
      endereco: [r.peendereco_fiscal, r.peendereco_fiscal_numero].filter((x) => x !== null && x !== '').join(', '),
      bairro: r.pebairro_fiscal ?? '',
      cidade: r.pecidade ?? '',
      uf: r.peuf ?? '',
      site: r.pehomepage ?? '',
    },
  };
}

/** The read-only column of every screen. */
export const dadosIntermedio = (v: VeiculoParaCanal) => ({
  id: v.id,
  tipo: v.tipo,
  marca: v.marca,
  modelo: v.modelo,
  versao: v.versao,
  anoFabricacao: v.anoFabricacao,
  anoModelo: v.anoModelo,
  placa: v.placa,
  km: v.km,
  valor: v.valor,
  cor: v.cor,
  combustivel: v.combustivel,
  cambio: v.cambio,
  portas: v.portas,
  carroceria: v.carroceria,
  novo: v.novo,
  observacao: v.observacao,
  cidade: v.revenda.cidade,
  uf: v.revenda.uf,
});
