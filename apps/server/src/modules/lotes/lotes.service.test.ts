import { CANAIS } from '@intermedio/contracts';
import { describe, expect, it } from 'vitest';
import { ESPERA_SEM_RESPOSTA_SEGUNDOS } from '../publicacao/publicacao.repository.ts';
import { leaseDoEnvio } from '../publicacao/publicacao.service.ts';
import { esperaDaTentativa, LIMITES_LOTE } from './lotes.service.ts';

describe('espera das ações em lote', () => {
  it('dobra a cada tentativa até o máximo', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => esperaDaTentativa(LIMITES_LOTE, n))).toEqual([5, 10, 20, 40, 80, 120, 120]);
  });

  it('um item só desiste depois que o envio sem resposta de qualquer canal pôde ser resolvido (lease + espera)', () => {
    let total = 0;
    for (let n = 1; n < LIMITES_LOTE.tentativas; n++) total += esperaDaTentativa(LIMITES_LOTE, n);
    for (const canal of CANAIS) expect(total, canal).toBeGreaterThan(leaseDoEnvio(canal) + ESPERA_SEM_RESPOSTA_SEGUNDOS);
  });
});
