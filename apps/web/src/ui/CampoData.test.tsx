import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CampoData, formatarData, lerDia } from './CampoData';

describe('formatarData: a máscara dd/mm/aaaa enquanto se digita', () => {
  it('põe as barras e para em 8 dígitos', () => {
    expect(formatarData('')).toBe('');
    expect(formatarData('1')).toBe('1');
    expect(formatarData('191')).toBe('19/1');
    expect(formatarData('19112')).toBe('19/11/2');
    expect(formatarData('191120261')).toBe('19/11/2026');
    expect(formatarData('19/11/2026')).toBe('19/11/2026');
  });
});

describe('lerDia (dd/mm/aaaa digitado)', () => {
  it('lê um dia inteiro e real como o dia ISO', () => {
    expect(lerDia('19/11/2026')).toBe('2026-11-19');
    expect(lerDia(' 29/02/2024 ')).toBe('2024-02-29');
  });
  it('recusa um dia pela metade, outro formato e um dia que não existe', () => {
    for (const t of ['', '19/11', '19/11/2', '1/11/2026', '2026-11-19', '11/19/2026', '31/04/2026', '29/02/2026', '00/01/2026'])
      expect(lerDia(t), t).toBeNull();
  });
});

function Campo() {
  const [dia, setDia] = useState('2026-11-19');
  return (
    <>
      <CampoData label="De" value={dia} onChange={setDia} />
      <output>{dia || 'vazio'}</output>
    </>
  );
}

describe('CampoData', () => {
  it('mostra o dia como dd/mm/aaaa, muda só com um dia inteiro e real, e pode ser limpo', () => {
    render(
      <MantineProvider>
        <Campo />
      </MantineProvider>,
    );
    const campo = screen.getByLabelText('De');
    expect(campo).toHaveValue('19/11/2026');
    fireEvent.change(campo, { target: { value: '01/03/2' } });
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-19');
    fireEvent.change(campo, { target: { value: '01/03/2026' } });
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-01');
    fireEvent.change(campo, { target: { value: '31/04/2026' } });
    expect(screen.getByText('Data inválida (dd/mm/aaaa).')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-01');
    fireEvent.change(campo, { target: { value: '' } });
    expect(screen.getByRole('status')).toHaveTextContent('vazio');
  });
});

describe('CampoData: o calendário', () => {
  it('abre pelo botão, em português, e o dia escolhido vira o valor', async () => {
    render(
      <MantineProvider>
        <Campo />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Escolher a data "De" no calendário' }));
    expect(await screen.findByText('novembro 2026')).toBeInTheDocument();
    // The dropdown is still in its opening transition in jsdom: its buttons count as hidden.
    fireEvent.click(screen.getByRole('button', { name: '25 de novembro de 2026', hidden: true }));
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-25');
    expect(screen.getByLabelText('De')).toHaveValue('25/11/2026');
  });
});
