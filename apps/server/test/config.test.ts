import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErroConfiguracao, lerConfig } from '../src/config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'intermedio-cfg-'));

describe('configuration', () => {
  it('defaults: 127.0.0.1:3000, embedded database seeded with demo data', () => {
    const c = lerConfig({ DATA_DIR: dir() });
    expect(c).toMatchObject({ host: '127.0.0.1', port: 3000, databaseUrl: undefined, seedDemo: true, publicUrl: 'http://127.0.0.1:3000' });
  });

  it('generates SECRET_KEY once into DATA_DIR on the embedded default and reuses it', () => {
    const d = dir();
    const a = lerConfig({ DATA_DIR: d });
    expect(a.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(d, 'secret.key'), 'utf8').trim()).toBe(a.secretKey);
    expect(lerConfig({ DATA_DIR: d }).secretKey).toBe(a.secretKey);
  });

  it('never seeds DATABASE_URL unless SEED_DEMO=1, and SEED_DEMO=0 disables the embedded seed', () => {
    const pgUrl = { DATA_DIR: dir(), DATABASE_URL: 'postgres://u@localhost/db', SECRET_KEY: 'k'.repeat(32) };
    expect(lerConfig(pgUrl).seedDemo).toBe(false);
    expect(lerConfig({ ...pgUrl, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(lerConfig({ DATA_DIR: dir(), SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('lists every invalid variable in a clear message', () => {
    expect(() => lerConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'talvez', DATA_DIR: dir() })).toThrowError(
      ErroConfiguracao,
    );
    try {
      lerConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', DATA_DIR: dir() });
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain('Configuração inválida');
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL: deve começar com postgres://');
    }
  });

  it('requires SECRET_KEY with DATABASE_URL (every instance must share it)', () => {
    expect(() => lerConfig({ DATA_DIR: dir(), DATABASE_URL: 'postgres://u@localhost/db' })).toThrowError(/SECRET_KEY/);
    expect(() => lerConfig({ DATA_DIR: dir(), SECRET_KEY: 'curta' })).toThrowError(/SECRET_KEY: deve ter pelo menos 32/);
  });

  it('RECONCILIAR_SEGUNDOS: off by default, N seconds when set, at least 2', () => {
    expect(lerConfig({ DATA_DIR: dir() }).reconciliarSegundos).toBeNull();
    expect(lerConfig({ DATA_DIR: dir(), RECONCILIAR_SEGUNDOS: '10' }).reconciliarSegundos).toBe(10);
    expect(() => lerConfig({ DATA_DIR: dir(), RECONCILIAR_SEGUNDOS: '1' })).toThrowError(/RECONCILIAR_SEGUNDOS: deve ser pelo menos 2/);
    // Every refusal in Portuguese (zod's own messages were English).
    expect(() => lerConfig({ DATA_DIR: dir(), RECONCILIAR_SEGUNDOS: '4000' })).toThrowError(
      /RECONCILIAR_SEGUNDOS: deve ser no máximo 3600$/,
    );
    for (const v of ['dez', '2.5'])
      expect(() => lerConfig({ DATA_DIR: dir(), RECONCILIAR_SEGUNDOS: v })).toThrowError(
        /RECONCILIAR_SEGUNDOS: deve ser um número inteiro de segundos$/,
      );
  });

  it('IMPORTACAO_PERMITIR_LOOPBACK off unless 1 (test servers only); IMPORTACAO_FOTO_SEGUNDOS 30 by default, 1 to 600', () => {
    const c = lerConfig({ DATA_DIR: dir() });
    expect(c).toMatchObject({ importacaoPermitirLoopback: false, importacaoFotoSegundos: 30 });
    expect(lerConfig({ DATA_DIR: dir(), IMPORTACAO_PERMITIR_LOOPBACK: '1', IMPORTACAO_FOTO_SEGUNDOS: '5' })).toMatchObject({
      importacaoPermitirLoopback: true,
      importacaoFotoSegundos: 5,
    });
    expect(() => lerConfig({ DATA_DIR: dir(), IMPORTACAO_PERMITIR_LOOPBACK: 'sim' })).toThrowError(/IMPORTACAO_PERMITIR_LOOPBACK/);
    expect(() => lerConfig({ DATA_DIR: dir(), IMPORTACAO_FOTO_SEGUNDOS: '0' })).toThrowError(
      /IMPORTACAO_FOTO_SEGUNDOS: deve ser pelo menos 1$/,
    );
  });
});
