import type { AddressInfo } from 'node:net';
import type { CanalId } from '@intermedio/contracts';
import { sandboxes } from '@intermedio/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { contextoDoCanal, lerConfigCanais } from '../../src/canais/config.ts';
import type { VeiculoParaCanal } from '../../src/canais/publicacao.ts';
import type { ContextoCanal } from '../../src/canais/tipos.ts';

/**
 * Contract tests of a channel's publishing adapter need only the channel's sandbox: this serves the sandboxes alone
 * (no database) on a free port, and builds the context the server would give the adapter.
 */
export async function servirSandboxes(): Promise<{
  base: string;
  app: FastifyInstance;
  ctx: (c: CanalId, timeoutMs?: number) => ContextoCanal;
}> {
  const app = Fastify();
  await sandboxes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ctx = (c: CanalId, timeoutMs = 5000) => contextoDoCanal(lerConfigCanais({ CANAIS_TIMEOUT_MS: String(timeoutMs) }), c, base, base);
  return { base, app, ctx };
}

/** What the framework loads for the demo stock's Fiat Argo (apps/server/src/db/demo-veiculos.ts). */
export function veiculoDemo(extra: Partial<VeiculoParaCanal> = {}): VeiculoParaCanal {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    revendaId: '00000000-0000-4000-8000-0000000000aa',
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
    observacao: 'Único dono, revisões na concessionária.',
    opcionais: ['Ar condicionado', 'Direção elétrica', 'Vidro elétrico'],
    fotos: [1, 2].map((n) => ({
      url: `https://cdn.autodemo.test/argo-${n}.jpg`,
      urlOriginal: `https://cdn.autodemo.test/argo-${n}-original.jpg`,
      miniatura: `https://cdn.autodemo.test/argo-${n}-mini.jpg`,
      chave: `revendas/aa/veiculo/argo-${n}.jpg`,
    })),
    revenda: {
      nomeFantasia: 'Auto Demo Veículos',
      telefone: '(31) 99876-5432',
      cep: '30130-010',
      endereco: 'Av. Afonso Pena, 1000',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
    },
    ...extra,
  };
}
