import { describe, expect, it } from 'vitest';
import { enderecoPermitido, nomeInterno } from './enderecos.ts';

// Pure checks on address text: nothing here opens a socket.
describe('enderecoPermitido', () => {
  const recusados = [
    '127.0.0.1',
    '127.0.0.2',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '169.254.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::1',
    'fd00:ec2::254',
    // Not canonical: no resolver answers these, and a check must never guess their meaning.
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    'nao-e-endereco',
    '',
  ];
  it.each(recusados)('refuses %s', (e) => expect(enderecoPermitido(e)).toBe(false));

  const permitidos = [
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ];
  it.each(permitidos)('allows the public %s', (e) => expect(enderecoPermitido(e)).toBe(true));

  it('the test-only allowance lets exactly 127.0.0.1 and ::1 through, nothing else internal', () => {
    const op = { permitirLoopback: true };
    expect(enderecoPermitido('127.0.0.1', op)).toBe(true);
    expect(enderecoPermitido('::1', op)).toBe(true);
    expect(enderecoPermitido('::ffff:127.0.0.1', op)).toBe(true);
    for (const e of ['127.0.0.2', '10.0.0.1', '169.254.169.254', '0.0.0.0', '::', 'fe80::1', '::ffff:10.0.0.1'])
      expect(enderecoPermitido(e, op), e).toBe(false);
  });
});

describe('nomeInterno', () => {
  it.each([
    'localhost',
    'LOCALHOST.',
    'x.localhost',
    'metadata.google.internal',
    'metadata.google.internal.',
    'metadata',
    'instance-data',
    'qualquer.internal',
    'impressora.local',
  ])('refuses %s by name', (n) => expect(nomeInterno(n)).toBe(true));
  it.each(['loja.com.br', 'metadata.example.com', 'internal.com'])('leaves %s to the address check', (n) =>
    expect(nomeInterno(n)).toBe(false),
  );
});
