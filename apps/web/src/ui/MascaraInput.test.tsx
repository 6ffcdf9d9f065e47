import { mascararCnpj, RE_CEP, RE_TELEFONE } from '@intermedio/contracts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CepInput, formatarCep, formatarTelefone, proximoValor, TelefoneInput } from './MascaraInput';
import { MoedaInput } from './MoedaInput';

describe('máscaras de telefone e CEP', () => {
  it('formata o telefone (99) 99999-9999 enquanto se digita', () => {
    expect(formatarTelefone('')).toBe('');
    expect(formatarTelefone('1')).toBe('(1');
    expect(formatarTelefone('11')).toBe('(11');
    expect(formatarTelefone('119')).toBe('(11) 9');
    expect(formatarTelefone('1198765')).toBe('(11) 9876-5');
    expect(formatarTelefone('1132654321')).toBe('(11) 3265-4321');
    expect(formatarTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(formatarTelefone('(11) 98765-4321 ramal 9')).toBe('(11) 98765-4321');
    expect(formatarTelefone('abc')).toBe('');
    // What the mask produces is what the contract accepts.
    expect(RE_TELEFONE.test(formatarTelefone('11987654321'))).toBe(true);
    expect(RE_TELEFONE.test(formatarTelefone('1132654321'))).toBe(true);
  });

  it('formata o CEP 99999-999', () => {
    expect(formatarCep('0131')).toBe('0131');
    expect(formatarCep('01310')).toBe('01310');
    expect(formatarCep('013101')).toBe('01310-1');
    expect(formatarCep('01310100999')).toBe('01310-100');
    expect(RE_CEP.test(formatarCep('01310100'))).toBe(true);
  });

  it('apagar um caractere da máscara apaga também o dígito anterior', () => {
    expect(proximoValor(formatarTelefone, '(11) 9876-5', '(11) 9876-')).toBe('(11) 9876');
    expect(proximoValor(formatarCep, '01310-1', '01310-')).toBe('01310');
    expect(proximoValor(formatarCep, '01310-1', '01310-12')).toBe('01310-12');
  });

  it('colar os dígitos sem pontuação sobre o mesmo valor mascarado mantém todos os dígitos', () => {
    expect(proximoValor(mascararCnpj, '12.345.678/0001-95', '12345678000195', false)).toBe('12.345.678/0001-95');
    expect(proximoValor(formatarCep, '01310-100', '01310100', false)).toBe('01310-100');
    // The same strings from a backspace over the hyphen: the digit before it goes too.
    expect(proximoValor(formatarCep, '01310-100', '01310100', true)).toBe('01310-10');
  });

  function Controlado({ cep = false, aoMudar }: { cep?: boolean; aoMudar: (v: string) => void }) {
    const [valor, setValor] = useState('');
    const props = {
      label: cep ? 'CEP' : 'Telefone',
      value: valor,
      onChange: (v: string) => {
        setValor(v);
        aoMudar(v);
      },
    };
    return <MantineProvider>{cep ? <CepInput {...props} /> : <TelefoneInput {...props} />}</MantineProvider>;
  }

  it('o campo de telefone mostra e entrega o valor mascarado', () => {
    const aoMudar = vi.fn();
    render(<Controlado aoMudar={aoMudar} />);
    const campo = screen.getByLabelText('Telefone');
    expect(campo).toHaveAttribute('placeholder', '(99) 99999-9999');
    fireEvent.change(campo, { target: { value: '11987654321' } });
    expect(campo).toHaveValue('(11) 98765-4321');
    expect(aoMudar).toHaveBeenLastCalledWith('(11) 98765-4321');
    fireEvent.change(campo, { target: { value: '(11) 98765-43210' } });
    expect(campo).toHaveValue('(11) 98765-4321');
  });

  it('o campo de CEP mostra e entrega o valor mascarado', () => {
    const aoMudar = vi.fn();
    render(<Controlado cep aoMudar={aoMudar} />);
    const campo = screen.getByLabelText('CEP');
    fireEvent.change(campo, { target: { value: '01310100' } });
    expect(campo).toHaveValue('01310-100');
    expect(aoMudar).toHaveBeenLastCalledWith('01310-100');
  });
});

describe('campo de dinheiro', () => {
  function Moeda({ aoMudar, inicial = '' }: { aoMudar: (v: number | string) => void; inicial?: number | string }) {
    const [valor, setValor] = useState<number | string>(inicial);
    return (
      <MantineProvider>
        <MoedaInput
          label="Mensalidade"
          value={valor}
          onChange={(v) => {
            setValor(v);
            aoMudar(v);
          }}
        />
      </MantineProvider>
    );
  }

  it('mostra R$ com ponto de milhar e vírgula decimal, 2 casas, e entrega o valor decimal', () => {
    const aoMudar = vi.fn();
    render(<Moeda aoMudar={aoMudar} />);
    const campo = screen.getByLabelText('Mensalidade');
    fireEvent.change(campo, { target: { value: '1234,5' } });
    // Mantine keeps the fixed decimals as a decimal string ("1234.50"); the contract's money field accepts it.
    expect(Number(aoMudar.mock.lastCall?.[0])).toBe(1234.5);
    fireEvent.blur(campo);
    expect(campo).toHaveValue('R$ 1.234,50');
  });

  it('formata o valor vindo da API', () => {
    render(<Moeda aoMudar={() => {}} inicial={1490} />);
    expect(screen.getByLabelText('Mensalidade')).toHaveValue('R$ 1.490,00');
  });
});
