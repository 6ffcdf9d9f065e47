import { describe, expect, it } from 'vitest';
import type { RespostaCanal } from './http.ts';
import { comPortador, portadorDe } from './portador.ts';
import { ok } from './tipos.ts';

/** A channel answering 401 to every token but `aceito`; records the tokens it was called with. */
function canal(aceito: string | null) {
  const chamadas: string[] = [];
  const resposta = (status: number) => ok<RespostaCanal>({ status, texto: '', json: () => null });
  const chamar = async (t: string) => {
    chamadas.push(t);
    return resposta(t === aceito ? 200 : 401);
  };
  return { chamadas, chamar };
}

/** A session whose renewal answers `novo`, memoised as the framework does; counts the renewals. */
function sessao(novo: string | null) {
  let renovacoes = 0;
  let memo: Promise<Record<string, string> | null> | undefined;
  const s = {
    segredos: { access_token: 'velho' },
    dados: {},
    renovarToken: () => {
      memo ??= Promise.resolve(novo ? { access_token: novo } : null).then((r) => {
        renovacoes++;
        return r;
      });
      return memo;
    },
  };
  return { s, renovacoes: () => renovacoes };
}

describe('token renewed once mid-operation (portador)', () => {
  it('a 401 renews the token and repeats that call once with the new token', async () => {
    const c = canal('novo');
    const { s, renovacoes } = sessao('novo');
    const p = portadorDe(s, 'velho');
    const r = await comPortador(p, c.chamar);
    expect(r.ok && r.valor.status).toBe(200);
    expect(c.chamadas).toEqual(['velho', 'novo']);
    expect(renovacoes()).toBe(1);
    // The next call of the operation goes straight with the new token.
    await comPortador(p, c.chamar);
    expect(c.chamadas).toEqual(['velho', 'novo', 'novo']);
  });

  it('never more than one renewal and one repetition, even when the renewed token is refused too', async () => {
    const c = canal(null);
    const { s, renovacoes } = sessao('novo-tambem-recusado');
    const p = portadorDe(s, 'velho');
    const r = await comPortador(p, c.chamar);
    expect(r.ok && r.valor.status).toBe(401);
    expect(c.chamadas).toEqual(['velho', 'novo-tambem-recusado']);
    expect(await comPortador(p, c.chamar)).toMatchObject({ ok: true, valor: { status: 401 } });
    expect(c.chamadas).toHaveLength(3); // the second call is refused with the renewed token and not repeated
    expect(renovacoes()).toBe(1);
  });

  it('parallel calls of one operation share a single renewal', async () => {
    const c = canal('novo');
    const { s, renovacoes } = sessao('novo');
    const p = portadorDe(s, 'velho');
    const r = await Promise.all([1, 2, 3, 4].map(() => comPortador(p, c.chamar)));
    expect(r.map((x) => x.ok && x.valor.status)).toEqual([200, 200, 200, 200]);
    expect(renovacoes()).toBe(1);
    expect(c.chamadas.filter((t) => t === 'velho')).toHaveLength(4);
    expect(c.chamadas.filter((t) => t === 'novo')).toHaveLength(4);
  });

  it('a failed renewal, or a session without one, leaves the 401; other answers are not repeated', async () => {
    const semRenovacao = canal('novo');
    expect(await comPortador(portadorDe({ segredos: {}, dados: {} }, 'velho'), semRenovacao.chamar)).toMatchObject({
      valor: { status: 401 },
    });
    expect(semRenovacao.chamadas).toEqual(['velho']);
    const falhou = canal('novo');
    expect(await comPortador(portadorDe(sessao(null).s, 'velho'), falhou.chamar)).toMatchObject({ valor: { status: 401 } });
    expect(falhou.chamadas).toEqual(['velho']);
    const aceito = canal('velho');
    await comPortador(portadorDe(sessao('novo').s, 'velho'), aceito.chamar);
    expect(aceito.chamadas).toEqual(['velho']);
  });
});
