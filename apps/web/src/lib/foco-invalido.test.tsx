import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { criarQueryClient, Providers } from '@/app/providers';
import { focarPrimeiroInvalidoAoEnviar } from './foco-invalido';

function Formulario() {
  const form = useForm({
    initialValues: { nome: 'preenchido', email: '', cidade: '' },
    validate: { email: (v) => (v ? null : 'Preenchimento obrigatório'), cidade: (v) => (v ? null : 'Preenchimento obrigatório') },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(() => undefined)}>
      <TextInput label="Nome" {...form.getInputProps('nome')} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <TextInput label="Cidade" {...form.getInputProps('cidade')} />
      <button type="submit">Gravar</button>
    </form>
  );
}

let desligar = () => {};
afterEach(() => desligar());

describe('foco no primeiro campo inválido', () => {
  it('leva o foco ao primeiro campo com erro ao enviar', async () => {
    desligar = focarPrimeiroInvalidoAoEnviar();
    render(
      <Providers queryClient={criarQueryClient()}>
        <Formulario />
      </Providers>,
    );
    const gravar = screen.getByRole('button', { name: 'Gravar' });
    gravar.focus();
    fireEvent.click(gravar);
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
  });
});
