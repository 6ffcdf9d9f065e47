import { describe, expect, it } from 'vitest';
import { cnpjValido, cpfValido, formatarCpfCnpj, mascararCnpj, mascararCpfCnpj } from './documento.ts';
import { camposIntegracao } from './integracao.ts';
import { revendaEntrada } from './revenda.ts';

const minimo = { perazao_social_nome: 'Ana', penome_fantasia: 'Loja', peemail: 'a@b.com.br', plano: 'vendedor' };
const mensagem = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('CPF e CNPJ pelos dígitos verificadores', () => {
  it('aceita documentos válidos e recusa dígito errado, tamanho errado e dígitos repetidos', () => {
    expect(cpfValido('52998224725')).toBe(true);
    expect(cpfValido('52998224724')).toBe(false);
    expect(cpfValido('11111111111')).toBe(false);
    expect(cpfValido('5299822472')).toBe(false);
    expect(cnpjValido('11222333000181')).toBe(true);
    expect(cnpjValido('11222333000180')).toBe(false);
    expect(cnpjValido('00000000000000')).toBe(false);
  });

  it('o CPF/CNPJ da revenda aceita pontuação, guarda só os dígitos e diz qual documento está errado', () => {
    const cpf = revendaEntrada.safeParse({ ...minimo, pecpf_cnpj: '529.982.247-25' });
    expect(cpf.success && cpf.data.pecpf_cnpj).toBe('52998224725');
    const cnpj = revendaEntrada.safeParse({ ...minimo, pecpf_cnpj: '11.222.333/0001-81' });
    expect(cnpj.success && cnpj.data.pecpf_cnpj).toBe('11222333000181');
    expect(mensagem(revendaEntrada.safeParse({ ...minimo, pecpf_cnpj: '529.982.247-24' }))).toBe('CPF inválido');
    expect(mensagem(revendaEntrada.safeParse({ ...minimo, pecpf_cnpj: '11.222.333/0001-80' }))).toBe('CNPJ inválido');
    const vazio = revendaEntrada.safeParse({ ...minimo, pecpf_cnpj: '' });
    expect(vazio.success && vazio.data.pecpf_cnpj).toBeNull();
  });

  it('o CNPJ da Webmotors é obrigatório, aceita a forma pontuada e guarda os dígitos', () => {
    const base = { email_webmotors: 'loja@autodemo.test', senha_webmotors: 'x' };
    const ok = camposIntegracao.webmotors.safeParse({ ...base, cnpj: '11.222.333/0001-81' });
    expect(ok.success && ok.data.cnpj).toBe('11222333000181');
    expect(mensagem(camposIntegracao.webmotors.safeParse({ ...base, cnpj: '11222333000180' }))).toBe('CNPJ inválido');
    expect(mensagem(camposIntegracao.webmotors.safeParse({ ...base, cnpj: '' }))).toBe('Preenchimento obrigatório');
  });

  it('formata para exibição e mascara enquanto se digita', () => {
    expect(formatarCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatarCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatarCpfCnpj('123')).toBe('123');
    expect(formatarCpfCnpj(null)).toBe('');
    expect(mascararCpfCnpj('5299822')).toBe('529.982.2');
    expect(mascararCpfCnpj('529982247251')).toBe('52.998.224/7251');
    expect(mascararCnpj('11222333000181999')).toBe('11.222.333/0001-81');
  });
});
