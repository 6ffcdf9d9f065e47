import sharp from 'sharp';
import type { Armazenamento } from '../midia/armazenamento.ts';
import { salvarImagemEnviada } from '../midia/imagens-enviadas.ts';
import type { Executor } from './cliente.ts';
import { revendaLocaisAnuncio, veiculoImagens, veiculos } from './schema/index.ts';

/**
 * The demo stock of "Auto Demo Veículos" (issue 8 item 10): a dozen vehicles of the three types, one sold and one
 * removed (in the history), with optionals, an ad location and photos drawn here with sharp (no downloads).
 * Photos are small (480×360, thumbnail 160×120) so the seed stays well under a second: it runs at every test file's start.
 */
export type Demo = {
  tipo: 'carro' | 'moto' | 'caminhao';
  marca: string;
  modelo: string;
  versao: string;
  ano: number;
  km: string;
  valor: string;
  cor: string;
  fundo: string;
  placa: string;
  cambio: 'A' | 'M';
  portas: 0 | 2 | 4;
  carroceria?: string;
  combustivel?: string;
  dias: number;
  vendido?: boolean;
  removido?: boolean;
};

/** Exported for the channels' matching tests on the demo stock (issue 23 item 10). */
export const ESTOQUE_DEMO: readonly Demo[] = [
  {
    tipo: 'carro',
    marca: 'Fiat',
    modelo: 'Argo',
    versao: 'Drive 1.0 6V Flex 5p Mec.',
    ano: 2023,
    km: '18500',
    valor: '72900.00',
    cor: 'Branco',
    fundo: '#dfe6ee',
    placa: 'FDA1B23',
    cambio: 'M',
    portas: 4,
    carroceria: 'Hatch',
    dias: 12,
  },
  {
    tipo: 'carro',
    marca: 'Chevrolet',
    modelo: 'Onix',
    versao: 'LT 1.0 Turbo Flex 5p Aut.',
    ano: 2022,
    km: '32100',
    valor: '84500.00',
    cor: 'Prata',
    fundo: '#c9ced6',
    placa: 'GHI2C34',
    cambio: 'A',
    portas: 4,
    carroceria: 'Hatch',
    dias: 30,
  },
  {
    tipo: 'carro',
    marca: 'Volkswagen',
    modelo: 'Polo',
    versao: 'Highline 200 TSI 1.0 Flex Aut.',
    ano: 2021,
    km: '41000',
    valor: '89900.00',
    cor: 'Azul',
    fundo: '#3d6fb6',
    placa: 'JKL3D45',
    cambio: 'A',
    portas: 4,
    carroceria: 'Hatch',
    dias: 45,
  },
  {
    tipo: 'carro',
    marca: 'Toyota',
    modelo: 'Corolla',
    versao: 'XEi 2.0 Flex 16V Aut.',
    ano: 2020,
    km: '58700',
    valor: '118000.00',
    cor: 'Preto',
    fundo: '#2b2f36',
    placa: 'MNO4E56',
    cambio: 'A',
    portas: 4,
    carroceria: 'Sedan',
    dias: 60,
    vendido: true,
  },
  {
    tipo: 'carro',
    marca: 'Hyundai',
    modelo: 'HB20',
    versao: 'Comfort 1.0 Flex 12V Mec.',
    ano: 2024,
    km: '0',
    valor: '79990.00',
    cor: 'Vermelho',
    fundo: '#b3303a',
    placa: '',
    cambio: 'M',
    portas: 4,
    carroceria: 'Hatch',
    dias: 3,
  },
  {
    tipo: 'carro',
    marca: 'Jeep',
    modelo: 'Compass',
    versao: 'Longitude 1.3 T270 Flex Aut.',
    ano: 2022,
    km: '27400',
    valor: '159900.00',
    cor: 'Cinza',
    fundo: '#7b828c',
    placa: 'PQR5F67',
    cambio: 'A',
    portas: 4,
    carroceria: 'SUV',
    dias: 21,
  },
  {
    tipo: 'carro',
    marca: 'Honda',
    modelo: 'Civic',
    versao: 'EXL 2.0 Flex 16V Aut.',
    ano: 2019,
    km: '66200',
    valor: '112500.00',
    cor: 'Branco',
    fundo: '#eef0f2',
    placa: 'STU6G78',
    cambio: 'A',
    portas: 4,
    carroceria: 'Sedan',
    dias: 75,
  },
  {
    tipo: 'carro',
    marca: 'Renault',
    modelo: 'Kwid',
    versao: 'Zen 1.0 Flex 12V 5p Mec.',
    ano: 2021,
    km: '39800',
    valor: '49900.00',
    cor: 'Laranja',
    fundo: '#e07a2f',
    placa: 'VWX7H89',
    cambio: 'M',
    portas: 4,
    carroceria: 'Hatch',
    dias: 90,
    removido: true,
  },
  {
    tipo: 'moto',
    marca: 'Honda',
    modelo: 'CG 160',
    versao: 'Fan',
    ano: 2023,
    km: '8200',
    valor: '15900.00',
    cor: 'Vermelho',
    fundo: '#c2373f',
    placa: 'YZA8I90',
    cambio: 'M',
    portas: 0,
    dias: 9,
  },
  {
    tipo: 'moto',
    marca: 'Yamaha',
    modelo: 'Fazer',
    versao: 'FZ25 250 ABS',
    ano: 2022,
    km: '12700',
    valor: '21500.00',
    cor: 'Azul',
    fundo: '#2c5aa0',
    placa: 'BCD9J01',
    cambio: 'M',
    portas: 0,
    dias: 17,
  },
  {
    tipo: 'moto',
    marca: 'Honda',
    modelo: 'Biz',
    versao: '125 Flex',
    ano: 2024,
    km: '0',
    valor: '14290.00',
    cor: 'Preto',
    fundo: '#30343b',
    placa: '',
    cambio: 'M',
    portas: 0,
    dias: 2,
  },
  {
    tipo: 'caminhao',
    marca: 'Volvo',
    modelo: 'FH',
    versao: '540 6x4 2p Diesel',
    ano: 2019,
    km: '412000',
    valor: '589000.00',
    cor: 'Branco',
    fundo: '#e5e8ec',
    placa: 'EFG0K12',
    cambio: 'A',
    portas: 2,
    combustivel: 'diesel',
    dias: 40,
  },
];
const VISTAS = ['Frente', 'Lateral', 'Traseira'];

const escapar = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A simple drawing of the vehicle: sky, road, body and wheels in its colour, and its name. */
function desenho(d: Demo, vista: string): Buffer {
  const escuro = ['Preto', 'Azul', 'Cinza', 'Vermelho'].includes(d.cor);
  const texto = escuro ? '#ffffff' : '#1d2330';
  const corpo =
    d.tipo === 'moto'
      ? `<rect x="170" y="185" width="150" height="34" rx="14" fill="${d.fundo}" stroke="#222" stroke-width="3"/>
         <circle cx="165" cy="250" r="38" fill="#222"/><circle cx="325" cy="250" r="38" fill="#222"/>`
      : d.tipo === 'caminhao'
        ? `<rect x="60" y="110" width="250" height="130" fill="#f4f4f4" stroke="#222" stroke-width="3"/>
           <rect x="310" y="140" width="110" height="100" rx="10" fill="${d.fundo}" stroke="#222" stroke-width="3"/>
           <circle cx="120" cy="255" r="30" fill="#222"/><circle cx="250" cy="255" r="30" fill="#222"/><circle cx="370" cy="255" r="30" fill="#222"/>`
        : `<path d="M70 235 L95 180 L165 150 L300 150 L360 185 L410 200 L410 235 Z" fill="${d.fundo}" stroke="#222" stroke-width="3"/>
           <circle cx="140" cy="242" r="30" fill="#222"/><circle cx="340" cy="242" r="30" fill="#222"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="${escuro ? '#5d7fa8' : '#9cc3e6'}"/>
    <rect y="270" width="480" height="90" fill="#555b63"/>
    ${corpo}
    <rect x="0" y="0" width="480" height="52" fill="${escuro ? '#1d2330' : '#ffffff'}" opacity="0.85"/>
    <text x="16" y="34" font-family="sans-serif" font-size="24" font-weight="bold" fill="${texto === '#ffffff' ? '#ffffff' : '#1d2330'}">${escapar(`${d.marca} ${d.modelo} ${d.ano}`)}</text>
    <text x="16" y="340" font-family="sans-serif" font-size="20" fill="#ffffff">${escapar(vista)} · Auto Demo Veículos</text>
  </svg>`;
  return Buffer.from(svg);
}

async function fotos(armazenamento: Armazenamento, idRevenda: string, d: Demo) {
  const vistas = d.tipo === 'caminhao' ? VISTAS.slice(0, 2) : VISTAS;
  return Promise.all(
    vistas.map(async (vista) => {
      const original = await sharp(desenho(d, vista)).jpeg({ quality: 80 }).toBuffer();
      const miniatura = await sharp(original).resize(160, 120).jpeg({ quality: 70 }).toBuffer();
      const renditions = { formato: 'jpeg' as const, original, exibicao: original, miniatura, moldura: null };
      const nome = `${d.modelo.toLowerCase().replace(/\W+/g, '-')}-${vista.toLowerCase()}.jpg`;
      return salvarImagemEnviada(armazenamento, { idRevenda, tipo: 'veiculo', nome, renditions });
    }),
  );
}

export async function semearVeiculosDemo(
  tx: Executor,
  op: {
    idRevenda: string;
    gestor: { id: string; nome: string };
    opcionais: { id: string; descricao: string; ordenacao: number }[];
    local: { id: string; descricao: string; ordenacao: number };
    armazenamento?: Armazenamento;
  },
) {
  const [localRevenda] = await tx
    .insert(revendaLocaisAnuncio)
    .values({ revenda_id: op.idRevenda, id_local: op.local.id, descricao: op.local.descricao, ordenacao: op.local.ordenacao })
    .returning();
  const todasFotos = op.armazenamento
    ? await Promise.all(ESTOQUE_DEMO.map((d) => fotos(op.armazenamento as Armazenamento, op.idRevenda, d)))
    : ESTOQUE_DEMO.map(() => []);
  const dia = 86_400_000;
  const agora = Date.now();
  const linhas = await tx
    .insert(veiculos)
    .values(
      ESTOQUE_DEMO.map((d, i) => {
        const novo = d.km === '0';
        const criado = new Date(agora - d.dias * dia);
        return {
          revenda_id: op.idRevenda,
          vetipoveiculo: d.tipo,
          vefipe_marca: d.marca,
          ve_modelo: d.modelo,
          ve_versao: d.versao,
          vefipe_name: `${d.modelo} ${d.versao}`,
          veano_fabricacao: novo ? d.ano : d.ano - 1,
          vefipe_ano_modelo: d.ano,
          vefipe_combustivel: d.combustivel ?? 'flex',
          vecambio: d.cambio,
          vecor: d.cor,
          veportas: d.portas,
          vecarroceria: d.carroceria ?? null,
          veiplaca: d.placa || null,
          vequilometragem: d.km,
          vevalor: d.valor,
          vecodigo_interno: `AD-${String(i + 1).padStart(3, '0')}`,
          veobservacao: novo ? 'Zero km, pronta entrega.' : 'Revisado, com manual e chave reserva.',
          veveiculonovo: novo ? 1 : 0,
          veipva_pago: novo ? 0 : 1,
          vegarantia_fabrica: novo ? 1 : 0,
          opcionais: op.opcionais.filter((_, j) => (j + i) % 3 === 0).slice(0, d.tipo === 'carro' ? 6 : 2),
          locais_anuncio: localRevenda && i % 2 === 0 ? [{ ...op.local, id: localRevenda.id, idLocal: op.local.id }] : [],
          vevendido: d.vendido ? 1 : 0,
          veremovido: d.removido ? 1 : 0,
          veremovido_usuario: d.removido ? op.gestor.id : null,
          veremovido_usuario_nome: d.removido ? op.gestor.nome : null,
          vedataremovido: d.removido ? new Date(agora - 5 * dia) : null,
          created_id: op.gestor.id,
          updated_id: op.gestor.id,
          created_at: criado,
          updated_at: new Date(criado.getTime() + Math.min(d.dias, 2) * dia),
        };
      }),
    )
    .returning({ id: veiculos.id });
  const imagens = linhas.flatMap((v, i) =>
    (todasFotos[i] ?? []).map((f, posicao) => ({
      veiculo_id: v.id,
      revenda_id: op.idRevenda,
      posicao,
      imagem: f.imagem,
      file_name: f.fileName,
      file_url: f.fileUrl,
      file_thumb: f.fileThumb,
      file_original: f.fileOriginal,
    })),
  );
  if (imagens.length) await tx.insert(veiculoImagens).values(imagens);
}
