import type { CanalId, Integracao } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { listaTeste, registroTeste } from './teste-dados';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const REGISTRO = (canal: CanalId) => `/api/revendas/${ID_REVENDA}/integracoes/${canal}`;
const CAMPOS = [
  {
    campo: 'plano',
    rotulo: 'Modalidade do anúncio',
    opcoes: [
      { id: '11', nome: 'Básico (usados)' },
      { id: '12', nome: 'Destaque (usados)' },
    ],
  },
  { campo: 'descricao', rotulo: 'Observações' },
  {
    campo: 'escolhas.Licenciado',
    rotulo: 'Licenciado',
    opcoes: [
      { id: 'N', nome: 'Não' },
      { id: 'S', nome: 'Sim' },
    ],
  },
];

/** The channel's screen with its record, the defaults' GET and PUT answers; records the PUT bodies. */
function abrir(canal: CanalId, registro: Integracao, put?: (corpo: Record<string, unknown>) => Response) {
  simularEventSource();
  const puts: Record<string, unknown>[] = [];
  const mock = simularApi({
    'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
    [`GET ${REGISTRO(canal)}`]: sucesso(registro),
    [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste()),
    [`GET ${REGISTRO(canal)}/padroes`]: sucesso({ padroes: { plano: '12' }, campos: CAMPOS }),
    [`PUT ${REGISTRO(canal)}/padroes`]: (_c, init) => {
      const corpo = JSON.parse(String(init.body));
      puts.push(corpo);
      return put?.(corpo) ?? sucesso({ padroes: { ...corpo, descricao: corpo.descricao || undefined }, campos: CAMPOS });
    },
  });
  renderizarApp(`/revenda/${ID_REVENDA}/configurar-${canal}`);
  return { puts, mock };
}
const secao = async () => within(await screen.findByRole('form', { name: 'Padrões de publicação' }));

describe('Padrões de publicação (issue 24 item 3)', () => {
  it('not shown, nor asked, while the channel is not configured', async () => {
    const { mock } = abrir('webmotors', registroTeste('webmotors'));
    await screen.findByRole('button', { name: 'Gravar' });
    expect(screen.queryByRole('heading', { name: 'Padrões de publicação' })).toBeNull();
    expect(mock.mock.calls.some(([url]) => String(url).endsWith('/padroes'))).toBe(false);
  });

  it("the server's fields below the configuration: select with 'ask', template with its placeholders; saved with a confirmation", async () => {
    const { puts } = abrir('webmotors', registroTeste('webmotors', { status: true }));
    const s = await secao();
    const plano = s.getByLabelText('Modalidade do anúncio');
    expect(plano).toHaveValue('12');
    expect(
      within(plano)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Perguntar na revisão', 'Básico (usados)', 'Destaque (usados)']);
    const obs = s.getByLabelText('Observações');
    expect(obs.tagName).toBe('TEXTAREA');
    expect(obs).toHaveAccessibleDescription(/\{marca\} \{modelo\} \{versao\} \{ano\} \{km\} \{preco\}/);
    fireEvent.change(obs, { target: { value: '{marca} {modelo} por {preco}' } });
    fireEvent.change(s.getByLabelText('Licenciado'), { target: { value: 'S' } });
    fireEvent.click(s.getByRole('button', { name: 'Salvar padrões' }));
    expect(await s.findByRole('status')).toHaveTextContent('Padrões de publicação salvos.');
    expect(puts).toEqual([{ plano: '12', descricao: '{marca} {modelo} por {preco}', escolhas: { Licenciado: 'S' } }]);
    // A change after the save hides the confirmation.
    fireEvent.change(obs, { target: { value: 'Outro texto' } });
    await waitFor(() => expect(s.queryByRole('status')).toBeNull());
  });

  it('validated by the contract schema (nothing sent), and a refusal of the server shown on its field', async () => {
    const { puts } = abrir(
      'webmotors',
      registroTeste('webmotors', { status: true }),
      () =>
        new Response(
          JSON.stringify({ status: 'error', data: 'Dados inválidos. plano: Opção inválida', campos: { plano: 'Opção inválida' } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    const s = await secao();
    fireEvent.change(s.getByLabelText('Observações'), { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(s.getByRole('button', { name: 'Salvar padrões' }));
    expect(await s.findByText('No máximo 5000 caracteres')).toBeInTheDocument();
    expect(puts).toEqual([]);
    fireEvent.change(s.getByLabelText('Observações'), { target: { value: 'ok' } });
    fireEvent.click(s.getByRole('button', { name: 'Salvar padrões' }));
    expect(await s.findByText('Dados inválidos. plano: Opção inválida')).toBeInTheDocument();
    expect(s.getByLabelText('Modalidade do anúncio')).toHaveAccessibleDescription('Opção inválida');
    expect(s.queryByRole('status')).toBeNull();
  });

  it('on the social screens too (Facebook configured)', async () => {
    abrir('facebook', registroTeste('facebook', { status: true, dados: { page_id: '1', page_name: 'Auto Demo' } }));
    expect(await screen.findByRole('heading', { name: 'Padrões de publicação' })).toBeInTheDocument();
  });
});
