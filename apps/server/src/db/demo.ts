import { count, sql } from 'drizzle-orm';
import type { Armazenamento } from '../midia/armazenamento.ts';
import { gerarHashSenha } from '../seguranca/senha.ts';
import type { Db } from './cliente.ts';
import { semearVeiculosDemo } from './demo-veiculos.ts';
import { locaisAnuncio, opcionais, revendas, usuarios } from './schema/index.ts';

export const SENHA_DEMO = 'demo1234';

export const CONTAS_DEMO = [
  { email: 'admin@intermedio.test', papel: 'admin', descricao: 'admin (empresa ff)' },
  { email: 'gestor@autodemo.test', papel: 'gestor', descricao: 'gestor de Auto Demo Veículos' },
  { email: 'cliente@autodemo.test', papel: 'client', descricao: 'usuário (client) de Auto Demo Veículos: não entra no painel' },
  { email: 'inativo@autodemo.test', papel: 'gestor', descricao: 'gestor inativo de Auto Demo Veículos' },
  { email: 'gestor@motosbasico.test', papel: 'gestor', descricao: 'gestor de Motos Básico (plano basico)' },
] as const;

export const RECURSOS_PADRAO = {
  historico: true,
  locais_anuncio: true,
  marca_dagua: true,
  site_revenda: false,
  solicitacao_arte: true,
};

export const OPCIONAIS_DEMO = [
  'Ar-condicionado',
  'Direção hidráulica',
  'Vidros elétricos',
  'Travas elétricas',
  'Airbag',
  'Freios ABS',
  'Alarme',
  'Câmera de ré',
  'Sensor de estacionamento',
  'Central multimídia',
  'Rodas de liga leve',
  'Bancos de couro',
];
const LOCAIS_DEMO = ['Site da revenda', 'Vitrine da loja', 'Classificados do jornal'];

/** Demo data for an empty database; returns false (and does nothing) when users already exist. */
export async function semearDemo(db: Db, armazenamento?: Armazenamento): Promise<boolean> {
  const [r] = await db.select({ n: count() }).from(usuarios);
  if (Number(r?.n) > 0) return false;
  const senha_hash = await gerarHashSenha(SENHA_DEMO);
  return db.transaction(async (tx) => {
    // Two instances starting together on one database: only the first seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(7419002)`);
    const [again] = await tx.select({ n: count() }).from(usuarios);
    if (Number(again?.n) > 0) return false;
    const [autoDemo, motos] = await tx
      .insert(revendas)
      .values([
        {
          perazao_social_nome: 'Carlos Andrade',
          penome_fantasia: 'Auto Demo Veículos',
          pecpf_cnpj: '12345678000195',
          peemail: 'contato@autodemo.test',
          pehomepage: 'https://autodemo.test',
          petelefone1: '(11) 98765-4321',
          pecep_fiscal: '01310-100',
          peendereco_fiscal: 'Avenida Paulista',
          peendereco_fiscal_numero: 1000,
          pebairro_fiscal: 'Bela Vista',
          pecidade: 'São Paulo',
          peuf: 'SP',
          peblocotexto: 'Financiamos em até 60x. Aceitamos seu usado na troca.',
          peblocotextovendidos: 'Mais um cliente satisfeito! Obrigado pela confiança.',
          peblocotextobanners: 'Confira as ofertas da semana na Auto Demo Veículos!',
          plano: 'concessionaria',
          recursos: RECURSOS_PADRAO,
          pedatavencimento: 10,
          pevalormensalidade: '1490.00',
          pestatus: 'green',
        },
        {
          perazao_social_nome: 'Marina Souza',
          penome_fantasia: 'Motos Básico',
          peemail: 'contato@motosbasico.test',
          petelefone1: '(31) 91234-5678',
          pecidade: 'Belo Horizonte',
          peuf: 'MG',
          plano: 'basico',
          recursos: RECURSOS_PADRAO,
          pedatavencimento: 5,
          pevalormensalidade: '0.00',
          pestatus: 'green',
        },
      ])
      .returning({ id: revendas.id });
    if (!autoDemo || !motos) throw new Error('falha ao criar revendas de demonstração');
    const contas = await tx
      .insert(usuarios)
      .values([
        { email: 'admin@intermedio.test', nome: 'Administrador Demo', role: 'admin', empresa: 'ff', senha_hash },
        { email: 'gestor@autodemo.test', nome: 'Gestor Auto Demo', role: 'gestor', revenda_id: autoDemo.id, senha_hash },
        { email: 'cliente@autodemo.test', nome: 'Cliente Auto Demo', role: 'client', revenda_id: autoDemo.id, senha_hash },
        { email: 'inativo@autodemo.test', nome: 'Gestor Inativo', role: 'gestor', revenda_id: autoDemo.id, ativo: 0, senha_hash },
        { email: 'gestor@motosbasico.test', nome: 'Gestor Motos Básico', role: 'gestor', revenda_id: motos.id, senha_hash },
      ])
      .returning({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email });
    // Shared catalogues, so that the vehicle form has something to offer on a fresh demo.
    const ops = await tx
      .insert(opcionais)
      .values(OPCIONAIS_DEMO.map((descricao, i) => ({ descricao, ordenacao: OPCIONAIS_DEMO.length - i })))
      .returning({ id: opcionais.id, descricao: opcionais.descricao, ordenacao: opcionais.ordenacao });
    const [local] = await tx
      .insert(locaisAnuncio)
      .values(LOCAIS_DEMO.map((descricao, i) => ({ descricao, ordenacao: LOCAIS_DEMO.length - i })))
      .returning({ id: locaisAnuncio.id, descricao: locaisAnuncio.descricao, ordenacao: locaisAnuncio.ordenacao });
    const gestor = contas.find((c) => c.email === 'gestor@autodemo.test');
    if (!gestor || !local) throw new Error('falha ao criar dados de demonstração');
    // A lived-in stock for Auto Demo Veículos (issue 8): vehicles with photos drawn by the seed itself.
    await semearVeiculosDemo(tx, { idRevenda: autoDemo.id, gestor, opcionais: ops, local, armazenamento });
    return true;
  });
}
