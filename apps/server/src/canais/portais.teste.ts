import { sandboxes } from '@intermedio/sandbox';
import Fastify from 'fastify';
import { contextoDoCanal, lerConfigCanais } from './config.ts';
import type { VeiculoParaCanal } from './publicacao.ts';
import type { ContextoCanal } from './tipos.ts';

/**
 * Contract tests of the REST portals (iCarros, Mobiauto, Na Pista): the channels' sandboxes alone on a free port
 * (no database), the context the server would build, and a demo vehicle as the framework loads it.
 */
export async function sandboxNoAr() {
  const app = Fastify();
  await app.register(sandboxes);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const ctx = (canal: 'icarros' | 'mobiauto' | 'meucarronovo', timeoutMs = 5000): ContextoCanal =>
    contextoDoCanal(lerConfigCanais({ CANAIS_TIMEOUT_MS: String(timeoutMs) }), canal, base, base);
  const anuncios = async (canal: string) =>
    (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json() as Promise<Record<string, unknown>[]>;
  return { app, base, ctx, anuncios, fechar: () => app.close() };
}

/** The demo stock's Fiat Argo (used) as `VeiculoParaCanal`; `com` changes any field. */
export const argoDemo = (com: Partial<VeiculoParaCanal> = {}): VeiculoParaCanal => ({
  id: '00000000-0000-4000-8000-000000000001',
  revendaId: '00000000-0000-4000-8000-000000000002',
  tipo: 'carro',
  marca: 'Fiat',
  modelo: 'Argo',
  versao: 'Drive 1.0 6V Flex 5p Mec.',
  anoFabricacao: 2022,
  anoModelo: 2023,
  placa: 'FDA1B23',
  km: 18500,
  valor: 72900,
  cor: 'Branco',
  combustivel: 'flex',
  cambio: 'M',
  portas: 4,
  carroceria: 'Hatch',
  novo: false,
  blindado: false,
  ipvaPago: true,
  garantiaFabrica: false,
  observacao: 'Revisado, com manual e chave reserva.',
  opcionais: ['Ar-condicionado', 'Airbag', 'Vidros elétricos'],
  fotos: [
    {
      url: 'https://cdn.test/argo-1.jpg',
      urlOriginal: 'https://cdn.test/argo-1-o.jpg',
      miniatura: 'https://cdn.test/argo-1-m.jpg',
      chave: 'a1',
    },
    {
      url: 'https://cdn.test/argo-2.jpg',
      urlOriginal: 'https://cdn.test/argo-2-o.jpg',
      miniatura: 'https://cdn.test/argo-2-m.jpg',
      chave: 'a2',
    },
  ],
  revenda: {
    nomeFantasia: 'Auto Demo Veículos',
    telefone: '3133334444',
    cep: '30110000',
    endereco: 'Rua A, 1',
    bairro: 'Centro',
    cidade: 'Belo Horizonte',
    uf: 'MG',
  },
  ...com,
});
