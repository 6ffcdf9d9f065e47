import { z } from 'zod';
import { cep, dinheiro, email, telefone, textoObrigatorio, textoOpcional } from './campos.ts';
import { envelopeSucesso, plano, uf, versaoEntrada } from './comum.ts';
import { cpfCnpjOpcional } from './documento.ts';
import { MENSAGENS } from './mensagens.ts';

/**
 * The reseller's site (pehomepage: free text, often typed "www.loja.com.br") as an absolute address, with the https://
 * it lacks; null when empty. The panel's links and the Facebook advert's link.
 */
export function enderecoDoSite(site: string | null | undefined): string | null {
  const t = site?.trim();
  if (!t) return null;
  return /^https?:\/\//i.test(t) ? t : `https://${t.replace(/^\/+/, '')}`;
}

export const RECURSOS = ['historico', 'locais_anuncio', 'marca_dagua', 'site_revenda', 'solicitacao_arte'] as const;
export type Recurso = (typeof RECURSOS)[number];
export const ROTULO_RECURSO: Record<Recurso, string> = {
  historico: 'Histórico',
  locais_anuncio: 'Locais de anúncio',
  marca_dagua: "Marca d'água",
  site_revenda: 'Site da revenda',
  solicitacao_arte: 'Solicitação de arte',
};
/** Spec 1 §5: every resource on by default except site_revenda. */
export const RECURSOS_PADRAO: Record<Recurso, boolean> = {
  historico: true,
  locais_anuncio: true,
  marca_dagua: true,
  site_revenda: false,
  solicitacao_arte: true,
};

export const TIPOS_MOLDURA = ['', 'personalizada', 'imagem_rodape'] as const;
export const ROTULO_MOLDURA: Record<(typeof TIPOS_MOLDURA)[number], string> = {
  '': 'Sem moldura',
  personalizada: 'Personalizada',
  imagem_rodape: 'Imagem de rodapé',
};

/** Status colour dot of the reseller list (pestatus). */
export const CORES_STATUS = ['green', 'yellow', 'red', 'blue', 'gray'] as const;
export const ROTULO_COR_STATUS: Record<(typeof CORES_STATUS)[number], string> = {
  green: 'Verde',
  yellow: 'Amarelo',
  red: 'Vermelho',
  blue: 'Azul',
  gray: 'Cinza',
};

const tipoMoldura = z
  .enum(TIPOS_MOLDURA)
  .nullish()
  .transform((v) => v ?? '');

/** Include / change reseller (spec 1 §3, §5). Fields an only admin may change are listed in CAMPOS_SO_ADMIN. */
export const revendaEntrada = z
  .object({
    perazao_social_nome: textoObrigatorio(),
    penome_fantasia: textoObrigatorio(),
    pecpf_cnpj: cpfCnpjOpcional,
    peinscricaoestadual: textoOpcional(30),
    peinscricaomunicipal: textoOpcional(30),
    peemail: email(),
    pehomepage: textoOpcional(255),
    petelefone1: telefone,
    petelefone2: telefone,
    petelefone3: telefone,
    pecep_fiscal: cep,
    peendereco_fiscal: textoOpcional(),
    /** Saved only when numeric (spec 1 §5); anything else is dropped. */
    peendereco_fiscal_numero: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => {
        const t = v === null || v === undefined ? '' : String(v).trim();
        return /^\d{1,9}$/.test(t) ? Number(t) : null;
      }),
    peendereco_fiscal_compl: textoOpcional(),
    pebairro_fiscal: textoOpcional(),
    pecidade: textoOpcional(),
    peuf: uf.nullish().or(z.literal('').transform(() => null)),
    peblocotexto: textoOpcional(5000),
    peblocotextovendidos: textoOpcional(5000),
    peblocotextobanners: textoOpcional(5000),
    peobsadm: textoOpcional(5000),
    logotipo: textoOpcional(1000),
    plano: z.enum(['basico', 'vendedor', 'familiar', 'showroom', 'concessionaria'], MENSAGENS.preenchimentoObrigatorio),
    recursos: z
      .object(Object.fromEntries(RECURSOS.map((r) => [r, z.boolean().optional()])) as Record<Recurso, z.ZodOptional<z.ZodBoolean>>)
      .nullish()
      .transform((v) => ({ ...RECURSOS_PADRAO, ...Object.fromEntries(Object.entries(v ?? {}).filter(([, b]) => b !== undefined)) })),
    pedatavencimento: z.coerce
      .number('Dia inválido')
      .int('Dia inválido')
      .min(1, 'Dia inválido')
      .max(31, 'Dia inválido')
      .nullish()
      .or(z.literal('').transform(() => null)),
    pevalormensalidade: dinheiro,
    pestatus: z.enum(CORES_STATUS).nullish(),
    texto_sobre_nos_site: textoOpcional(5000),
    horario_seg_sex: textoOpcional(),
    horario_sab: textoOpcional(),
    mapa_link: textoOpcional(1000),
    instagram_link: textoOpcional(1000),
    facebook_link: textoOpcional(1000),
    tipo_moldura_veiculo: tipoMoldura,
    diretorio_veiculo: textoOpcional(),
    imagem_moldura_veiculo: textoOpcional(1000),
    tipo_moldura_vendido: tipoMoldura,
    diretorio_vendido: textoOpcional(),
    imagem_moldura_vendido: textoOpcional(1000),
    transformation: textoOpcional(2000),
    transformation_vendidos: textoOpcional(2000),
    transformation_videos: textoOpcional(2000),
  })
  .superRefine((r, ctx) => {
    // Spec 1 §5: imagem_rodape needs directory and frame image; personalizada needs the transformation.
    const exigir = (campo: keyof typeof r) => {
      if (!r[campo]) ctx.addIssue({ code: 'custom', path: [campo], message: MENSAGENS.preenchimentoObrigatorio });
    };
    if (r.tipo_moldura_veiculo === 'imagem_rodape') {
      exigir('diretorio_veiculo');
      exigir('imagem_moldura_veiculo');
    }
    if (r.tipo_moldura_veiculo === 'personalizada') exigir('transformation');
    if (r.tipo_moldura_vendido === 'imagem_rodape') {
      exigir('diretorio_vendido');
      exigir('imagem_moldura_vendido');
    }
    if (r.tipo_moldura_vendido === 'personalizada') exigir('transformation_vendidos');
  });
export type RevendaEntrada = z.input<typeof revendaEntrada>;
/** Change reseller: the same fields plus the version read (optimistic lock). */
export const revendaAlteracao = revendaEntrada.and(z.object({ versao: versaoEntrada }));
export type RevendaValidada = z.output<typeof revendaEntrada>;

/** Fields a gestor cannot change on its own reseller (commercial and administrative data). */
export const CAMPOS_SO_ADMIN = ['plano', 'recursos', 'pedatavencimento', 'pevalormensalidade', 'pestatus', 'peobsadm'] as const;

export const revenda = z.object({
  id: z.string(),
  perazao_social_nome: z.string(),
  penome_fantasia: z.string(),
  pecpf_cnpj: z.string().nullable(),
  peinscricaoestadual: z.string().nullable(),
  peinscricaomunicipal: z.string().nullable(),
  peemail: z.string(),
  pehomepage: z.string().nullable(),
  petelefone1: z.string().nullable(),
  petelefone2: z.string().nullable(),
  petelefone3: z.string().nullable(),
  pecep_fiscal: z.string().nullable(),
  peendereco_fiscal: z.string().nullable(),
  peendereco_fiscal_numero: z.number().nullable(),
  peendereco_fiscal_compl: z.string().nullable(),
  pebairro_fiscal: z.string().nullable(),
  pecidade: z.string().nullable(),
  peuf: z.string().nullable(),
  peblocotexto: z.string().nullable(),
  peblocotextovendidos: z.string().nullable(),
  peblocotextobanners: z.string().nullable(),
  /** Admin notes: null for non-admins. */
  peobsadm: z.string().nullable(),
  logotipo: z.string().nullable(),
  plano,
  recursos: z.record(z.string(), z.boolean()),
  pedatavencimento: z.number().nullable(),
  pevalormensalidade: z.string().nullable(),
  pestatus: z.string().nullable(),
  ativo: z.number(),
  texto_sobre_nos_site: z.string().nullable(),
  horario_seg_sex: z.string().nullable(),
  horario_sab: z.string().nullable(),
  mapa_link: z.string().nullable(),
  instagram_link: z.string().nullable(),
  facebook_link: z.string().nullable(),
  tipo_moldura_veiculo: z.string().nullable(),
  diretorio_veiculo: z.string().nullable(),
  imagem_moldura_veiculo: z.string().nullable(),
  tipo_moldura_vendido: z.string().nullable(),
  diretorio_vendido: z.string().nullable(),
  imagem_moldura_vendido: z.string().nullable(),
  transformation: z.string().nullable(),
  transformation_vendidos: z.string().nullable(),
  transformation_videos: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Revenda = z.infer<typeof revenda>;

/** A row of the reseller lists (spec 1 §2). */
export const revendaLinha = revenda
  .pick({
    id: true,
    pestatus: true,
    logotipo: true,
    penome_fantasia: true,
    pevalormensalidade: true,
    pedatavencimento: true,
    peobsadm: true,
    pecpf_cnpj: true,
    perazao_social_nome: true,
    pecidade: true,
    peuf: true,
    created_at: true,
    petelefone1: true,
    peemail: true,
    pehomepage: true,
    plano: true,
    ativo: true,
  })
  .extend({
    dias_ativo: z.number().int(),
    /** Users of the reseller that are blocked (ativo 0) and their total: for the block/unblock button. */
    usuarios_bloqueados: z.number().int(),
    usuarios_total: z.number().int(),
  });
export type RevendaLinha = z.infer<typeof revendaLinha>;

export const revendaResposta = envelopeSucesso(revenda);
export const revendaListaResposta = envelopeSucesso(z.array(revendaLinha));
export const ativoEntrada = z.object({ ativo: z.union([z.literal(0), z.literal(1)]) });

export const MENSAGENS_REVENDA = {
  removida: 'Revenda removida com sucesso!',
  falhaRemover: 'Falha ao remover revenda!',
  gravada: 'Revenda gravada com sucesso!',
  falhaGravar: 'Falha ao gravar revenda!',
  naoEncontrada: 'Erro ao obter revenda.',
  planoBasicoNegado: 'O plano básico só pode ser escolhido por um administrador da empresa ff.',
  carregandoImagem: 'Carregando imagem...',
} as const;
