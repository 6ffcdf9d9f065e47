import { describe, expect, it } from 'vitest';
import { hashDiario, linkSolicitacoes } from '../src/lib/hash-diario.ts';
import { Cofre } from '../src/seguranca/cripto.ts';
import { conferirSenha, gerarHashSenha } from '../src/seguranca/senha.ts';

describe('password hashes', () => {
  it('are salted scrypt and verify only the right password', async () => {
    const a = await gerarHashSenha('demo1234');
    const b = await gerarHashSenha('demo1234');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await conferirSenha('demo1234', a)).toBe(true);
    expect(await conferirSenha('demo12345', a)).toBe(false);
    expect(await conferirSenha('demo1234', 'lixo')).toBe(false);
  });
});

describe('encryption at rest (Cofre)', () => {
  const cofre = new Cofre('k'.repeat(40));
  it('round-trips and does not contain the clear text', () => {
    const c = cofre.cifrar({ senha_webmotors: 'segredo-123' });
    expect(c).not.toContain('segredo');
    expect(cofre.decifrar(c)).toEqual({ senha_webmotors: 'segredo-123' });
  });
  it('refuses tampered text and another key', () => {
    const c = cofre.cifrar('abc');
    const partes = c.split('.');
    partes[3] = Buffer.from('xyz').toString('base64url');
    expect(() => cofre.decifrar(partes.join('.'))).toThrow();
    expect(() => new Cofre('z'.repeat(40)).decifrar(c)).toThrow();
  });
});

describe('daily hash (spec 1 §7)', () => {
  it('uses the São Paulo date: 02:00 UTC on the 22nd is still the 21st there', async () => {
    const { createHash } = await import('node:crypto');
    const md5 = (s: string) => createHash('md5').update(s).digest('hex');
    expect(hashDiario('solicitacoes', new Date('2026-11-22T02:00:00Z'))).toBe(md5('21112026solicitacoes'));
    expect(hashDiario('incluir_revenda', new Date('2026-11-22T12:00:00Z'))).toBe(md5('22112026incluir_revenda'));
  });
  it('the Solicitações link carries the user id and the hash', () => {
    const url = new URL(linkSolicitacoes('https://solicitacoes.exemplo.com/painel', 'u-1', new Date('2026-01-05T15:00:00Z')));
    expect(url.origin + url.pathname).toBe('https://solicitacoes.exemplo.com/painel');
    expect(url.searchParams.get('id_usuario')).toBe('u-1');
    expect(url.searchParams.get('hash')).toBe(hashDiario('solicitacoes', new Date('2026-01-05T15:00:00Z')));
  });
});
