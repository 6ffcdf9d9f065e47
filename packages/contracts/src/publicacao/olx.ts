import { z } from 'zod';
import { noMaximo } from '../campos.ts';

/**
 * Olx (spec 3 §2.5, §3.5, §5; channels.md §1): the channel's codes, the draft the server prefills and the advert the
 * screen "Incluir veículo Olx" sends. Codes are OLX autoupload `params` values, as strings; '0' or '' = not chosen.
 */
export type OpcaoOlx = { id: string; nome: string };
const opcoes = (pares: [string, string][]): OpcaoOlx[] => pares.map(([id, nome]) => ({ id, nome }));

export const OLX_CAMBIOS = opcoes([
  ['1', 'Manual'],
  ['2', 'Automático'],
  ['3', 'Semi-automático'],
]);
export const OLX_COMBUSTIVEIS = opcoes([
  ['1', 'Gasolina'],
  ['2', 'Álcool'],
  ['3', 'Flex'],
  ['4', 'Gás natural'],
  ['5', 'Diesel'],
]);
/** OLX `doors`: 1 = 2 portas, 2 = 4 portas. */
export const OLX_PORTAS = opcoes([
  ['1', '2 portas'],
  ['2', '4 portas'],
]);
export const OLX_DIRECOES = opcoes([
  ['1', 'Hidráulica'],
  ['2', 'Elétrica'],
  ['3', 'Mecânica'],
  ['4', 'Assistida'],
]);
/** OLX `motorpower` (channels.md §1: 1 → 1.0 … 9 → 1.9, 10 → 2.0–2.9, 11 → 3.0–3.9, 12 → 4.0 ou mais). */
export const OLX_POTENCIAS = opcoes([
  ['1', '1.0'],
  ...Array.from({ length: 8 }, (_, i): [string, string] => [String(i + 2), `1.${i + 2}`]),
  ['10', '2.0 - 2.9'],
  ['11', '3.0 - 3.9'],
  ['12', '4.0 ou mais'],
]);
export const OLX_TIPOS_CARRO = opcoes([
  ['2', 'Conversível'],
  ['3', 'Pick-up'],
  ['5', 'SUV'],
  ['6', 'Buggy'],
  ['7', 'Van/Utilitário'],
  ['8', 'Sedã'],
  ['9', 'Hatch'],
]);
export const OLX_CORES = opcoes([
  ['1', 'Preto'],
  ['2', 'Branco'],
  ['3', 'Prata'],
  ['4', 'Vermelho'],
  ['5', 'Cinza'],
  ['6', 'Azul'],
  ['7', 'Amarelo'],
  ['8', 'Verde'],
  ['9', 'Laranja'],
  ['10', 'Outra'],
]);
export const OLX_SIM_NAO = opcoes([
  ['1', 'Sim'],
  ['2', 'Não'],
]);
/** Financial status (spec 3 §3.5): 1 quitado, 2 financiado. */
export const OLX_STATUS_FINANCEIRO = opcoes([
  ['1', 'Quitado'],
  ['2', 'Financiado'],
]);
/** Financial state checklist: OLX `financial` items other than "Financiado" (which the financial status carries). */
export const OLX_ESTADO_FINANCEIRO = opcoes([
  ['2', 'IPVA pago'],
  ['3', 'Com multas'],
  ['4', 'De leilão'],
]);
/** OLX `car_features`. */
export const OLX_OPCIONAIS = opcoes([
  ['1', 'Ar condicionado'],
  ['2', 'Direção hidráulica'],
  ['3', 'Vidro elétrico'],
  ['4', 'Trava elétrica'],
  ['5', 'Air bag'],
  ['6', 'Alarme'],
  ['7', 'Som'],
  ['8', 'Sensor de ré'],
  ['9', 'Câmera de ré'],
  ['10', 'Blindado'],
]);
/** OLX `end_tag`: the plate's last digit plus one (1 = final 0 … 10 = final 9). */
export const OLX_FINAIS_PLACA = Array.from({ length: 10 }, (_, i) => ({ id: String(i + 1), nome: String(i) }));

const codigoDe = (lista: OpcaoOlx[]) => z.enum(lista.map((o) => o.id) as [string, ...string[]]);
/** An optional code: '' or '0' = not sent (OLX refuses empty or 0 params). */
const codigoOpcional = (lista: OpcaoOlx[]) => z.union([z.literal(''), z.literal('0'), codigoDe(lista)]);
const obrigatorio = (rotulo: string) => `'${rotulo}' é obrigatório.`;
const digitos = (v: string) => v.replace(/\D/g, '');
const idCatalogo = (rotulo: string) =>
  z.string(obrigatorio(rotulo)).trim().min(1, obrigatorio(rotulo)).max(20).regex(/^\d*$/, obrigatorio(rotulo));

/** What the screen sends (`veiculo_post`); images are the vehicle's own photos, never addresses from the client. */
export const postOlx = z
  .object({
    // In the order of spec 3 §5, so the refused submit lists the messages as the spec does.
    subject: z.string(obrigatorio('Título anúncio')).trim().min(2, obrigatorio('Título anúncio')).max(90, noMaximo(90)),
    body: z.string(obrigatorio('Descrição anúncio')).trim().min(2, obrigatorio('Descrição anúncio')).max(6000, noMaximo(6000)),
    // Typed as "01310-100" or "(11) 98765-4321": only the digits count (and are sent).
    zipcode: z
      .string(obrigatorio('CEP'))
      .transform(digitos)
      .pipe(z.string().regex(/^\d{8}$/, obrigatorio('CEP'))),
    phone: z
      .string(obrigatorio('Telefone'))
      .transform(digitos)
      .pipe(z.string().regex(/^\d{10,11}$/, obrigatorio('Telefone'))),
    financial_status: z
      .string(obrigatorio('Status financeiro'))
      .refine((v) => OLX_STATUS_FINANCEIRO.some((o) => o.id === v), obrigatorio('Status financeiro')),
    car_steering: z.string(obrigatorio('Direção')).refine((v) => OLX_DIRECOES.some((o) => o.id === v), obrigatorio('Direção')),
    vehicle_brand: idCatalogo('Marca'),
    vehicle_model: idCatalogo('Modelo'),
    vehicle_version: idCatalogo('Versão'),
    vehicle_tag: z
      .string(obrigatorio('Placa'))
      .trim()
      .toUpperCase()
      .min(1, obrigatorio('Placa'))
      .regex(/^$|^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/, 'Placa inválida'),
    price: z.number('Preço inválido').int('Preço inválido').min(1, 'Preço inválido').max(100_000_000, 'Preço inválido'),
    regdate: z.string().regex(/^\d{4}$/, 'Ano inválido'),
    mileage: z.number('Quilometragem inválida').int('Quilometragem inválida').min(0, 'Quilometragem inválida').max(9_999_999),
    gearbox: codigoOpcional(OLX_CAMBIOS),
    fuel: codigoOpcional(OLX_COMBUSTIVEIS),
    doors: codigoOpcional(OLX_PORTAS),
    end_tag: codigoOpcional(OLX_FINAIS_PLACA),
    motorpower: codigoOpcional(OLX_POTENCIAS),
    cartype: codigoOpcional(OLX_TIPOS_CARRO),
    carcolor: codigoOpcional(OLX_CORES),
    exchange: codigoOpcional(OLX_SIM_NAO),
    financial: z.array(codigoDe(OLX_ESTADO_FINANCEIRO)).max(OLX_ESTADO_FINANCEIRO.length),
    owner: codigoOpcional(OLX_SIM_NAO),
    car_features: z.array(codigoDe(OLX_OPCIONAIS)).max(OLX_OPCIONAIS.length),
  })
  .strict();
export type PostOlx = z.infer<typeof postOlx>;

const opcaoOlx = z.object({ id: z.string(), nome: z.string() });
const marcavel = opcaoOlx.extend({ checked: z.boolean() });

/**
 * The prefilled draft (spec 3 §3.5 "Loaded data"): the advert as it would be sent (`veiculoPost`), the vehicle's photos
 * and the lists (options and financial state with `checked`; brands, models and versions of the OLX catalogue, sorted).
 */
export const rascunhoOlx = z.object({
  // The draft may leave choices open for the user (brand not found, steering, financial status): plain values here.
  veiculoPost: z.object({
    subject: z.string(),
    body: z.string(),
    phone: z.string(),
    zipcode: z.string(),
    regdate: z.string(),
    gearbox: z.string(),
    fuel: z.string(),
    vehicle_brand: z.string(),
    vehicle_model: z.string(),
    vehicle_version: z.string(),
    doors: z.string(),
    end_tag: z.string(),
    vehicle_tag: z.string(),
    car_steering: z.string(),
    motorpower: z.string(),
    cartype: z.string(),
    carcolor: z.string(),
    exchange: z.string(),
    financial_status: z.string(),
    owner: z.string(),
    price: z.number(),
    mileage: z.number(),
    financial: z.array(z.string()),
    car_features: z.array(z.string()),
  }),
  images: z.array(z.object({ url: z.string(), miniatura: z.string() })),
  retOpcionais: z.array(marcavel),
  retEstadoFinanceiro: z.array(marcavel),
  retMarca: z.array(opcaoOlx),
  retModelo: z.array(opcaoOlx),
  retVersao: z.array(opcaoOlx),
});
export type RascunhoOlx = z.infer<typeof rascunhoOlx>;

/** Messages of a refused submit, one per line (spec 3 §5: Olx and Mercado Livre join them by line breaks). */
export const mensagensPorLinha = (erro: z.ZodError) => [...new Set(erro.issues.map((i) => i.message))].join('\n');
