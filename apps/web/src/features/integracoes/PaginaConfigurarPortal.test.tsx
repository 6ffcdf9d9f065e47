import type { CanalId, Integracao } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  falha,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';
import { listaTeste, registroTeste } from './teste-dados';

// Whole-app renders with lazy routes: generous waits when the machine is busy (the full suite runs in parallel).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const REGISTRO = (canal: CanalId) => `/api/revendas/${ID_REVENDA}/integracoes/${canal}`;
const LISTA = `/revenda/${ID_REVENDA}/integracao`;

afterEach(() => vi.restoreAllMocks());

type Chamada = { chave: string; corpo: Record<string, unknown> };

/** Renders the configuration screen of `canal` with the given record and answers; records every non-GET call. */
function abrir(
  canal: CanalId,
  registro: Integracao,
  respostas: { put?: () => Response; configurar?: () => Response } = {},
  sessao = SESSAO_GESTOR,
) {
  simularEventSource();
  const chamadas: Chamada[] = [];
  const anotar = (chave: string, init: RequestInit) => chamadas.push({ chave, corpo: JSON.parse(String(init.body)) });
  const mock = simularApi({
    'GET /api/auth/sessao': respostaSessao(sessao),
    [`GET ${REGISTRO(canal)}`]: sucesso(registro),
    [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste()),
    [`PUT ${REGISTRO(canal)}`]: (_c, init) => {
      anotar('PUT', init);
      return respostas.put?.() ?? sucesso({ ...registro, configurado: true, status: true });
    },
    [`POST /api/integracao/${canal}/configurar`]: (_c, init) => {
      anotar('POST', init);
      return respostas.configurar?.() ?? sucesso('Integração configurada com sucesso!');
    },
  });
  const app = renderizarApp(`/revenda/${ID_REVENDA}/configurar-${canal}`);
  return { ...app, chamadas, mock };
}

const campo = (rotulo: string) => screen.getByLabelText(new RegExp(`^${rotulo}`));
const preencher = (rotulo: string, valor: string) => fireEvent.change(campo(rotulo), { target: { value: valor } });
/** Waits for the screen's heading and its form (the record is loaded first). */
async function pronto(titulo: string) {
  await screen.findByRole('heading', { name: titulo });
  await screen.findByRole('button', { name: 'Gravar' });
}
const gravar = () => fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));

describe('Configurar Webmotors: validação (spec 1 §5)', () => {
  it('campos vazios: Preenchimento obrigatório em CNPJ, E-mail de acesso e Senha; nada é enviado', async () => {
    const { chamadas } = abrir('webmotors', registroTeste('webmotors'));
    await pronto('Configurar Webmotors');
    expect(screen.getByLabelText('Status integração', { exact: false })).toHaveValue('1');
    gravar();
    await waitFor(() => expect(screen.getAllByText('Preenchimento obrigatório')).toHaveLength(3));
    for (const rotulo of ['CNPJ', 'E-mail de acesso', 'Senha'])
      expect(campo(rotulo)).toHaveAccessibleDescription('Preenchimento obrigatório');
    expect(chamadas).toEqual([]);
  });

  it('login que não é e-mail: E-mail inválido; CNPJ com dígito verificador errado: CNPJ inválido', async () => {
    const { chamadas } = abrir('webmotors', registroTeste('webmotors'));
    await pronto('Configurar Webmotors');
    preencher('CNPJ', '11.222.333/0001-80');
    preencher('E-mail de acesso', 'loja-sem-arroba');
    preencher('Senha', 'segredo');
    gravar();
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(screen.getByText('CNPJ inválido')).toBeInTheDocument();
    expect(screen.queryByText('Preenchimento obrigatório')).toBeNull();
    expect(chamadas).toEqual([]);
  });

  it('canal já configurado: mostra o login guardado e aceita a senha vazia (mantém a atual)', async () => {
    const registro = registroTeste('webmotors', {
      status: false,
      dados: { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' },
      segredos_salvos: ['senha_webmotors'],
    });
    const { chamadas, router } = abrir('webmotors', registro);
    await pronto('Configurar Webmotors');
    expect(screen.getByLabelText('E-mail de acesso', { exact: false })).toHaveValue('loja@autodemo.test');
    expect(screen.getByLabelText(/^Senha/)).toHaveValue('');
    expect(screen.getByText('Deixe em branco para manter a senha atual.')).toBeInTheDocument();
    expect(screen.getByLabelText('Status integração', { exact: false })).toHaveValue('0');
    fireEvent.change(screen.getByLabelText('Status integração', { exact: false }), { target: { value: '1' } });
    gravar();
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA));
    expect(chamadas).toEqual([
      {
        chave: 'PUT',
        corpo: {
          status: true,
          cnpj: '12345678000195',
          email_webmotors: 'loja@autodemo.test',
          senha_webmotors: '',
          versao: '2025-01-10T12:00:00.000Z',
        },
      },
      {
        chave: 'POST',
        corpo: {
          id_revenda: ID_REVENDA,
          cnpj_revenda: '12345678000195',
          email_webmotors: 'loja@autodemo.test',
          senha_webmotors: '',
          usuario: 'g1',
        },
      },
    ]);
  });

  it('ao reabrir depois de gravar, o formulário parte do que o servidor tem agora (não da cópia em cache)', async () => {
    simularEventSource();
    let registro = registroTeste('webmotors');
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      // A slow answer: the refetch started by the save is still running when the screen leaves (and is dropped).
      [`GET ${REGISTRO('webmotors')}`]: async () => {
        const r = sucesso(registro);
        await new Promise((ok) => setTimeout(ok, 60));
        return r;
      },
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: () => sucesso(listaTeste({ webmotors: registro })),
      [`PUT ${REGISTRO('webmotors')}`]: () => {
        registro = registroTeste('webmotors', {
          status: true,
          dados: { cnpj: '123', email_webmotors: 'loja@autodemo.test' },
          segredos_salvos: ['senha_webmotors'],
        });
        return sucesso(registro);
      },
      'POST /api/integracao/webmotors/configurar': () => sucesso('ok'),
    });
    // From the list (already loaded when the save returns to it, so the form page leaves at once).
    const { router } = renderizarApp(LISTA);
    fireEvent.click(await screen.findByRole('link', { name: 'Configurar Webmotors' }));
    await pronto('Configurar Webmotors');
    preencher('CNPJ', '11.222.333/0001-81');
    preencher('E-mail de acesso', 'loja@autodemo.test');
    preencher('Senha', 'x');
    gravar();
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA));
    fireEvent.click(await screen.findByRole('link', { name: 'Configurar Webmotors' }));
    await pronto('Configurar Webmotors');
    expect(screen.getByLabelText('E-mail de acesso', { exact: false })).toHaveValue('loja@autodemo.test');
    expect(screen.getByText('Deixe em branco para manter a senha atual.')).toBeInTheDocument();
  });

  it('senha obrigatória que falta no servidor (400 com campos) aparece no campo', async () => {
    const { chamadas, router } = abrir('webmotors', registroTeste('webmotors', { status: true, segredos_salvos: ['senha_webmotors'] }), {
      put: () =>
        new Response(
          JSON.stringify({ status: 'error', data: 'Dados inválidos.', campos: { senha_webmotors: 'Preenchimento obrigatório' } }),
          {
            status: 400,
          },
        ),
    });
    await pronto('Configurar Webmotors');
    preencher('CNPJ', '11.222.333/0001-81');
    preencher('E-mail de acesso', 'a@b.test');
    gravar();
    expect(await screen.findByText('Preenchimento obrigatório')).toBeInTheDocument();
    expect(chamadas.map((c) => c.chave)).toEqual(['PUT']);
    expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/configurar-webmotors`);
  });
});

describe('Fluxos de gravação (spec 1 §4, §8)', () => {
  it('falha na gravação do registro: alerta Erro ao configurar integração. e não chama o canal', async () => {
    const alerta = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { chamadas } = abrir('icarros', registroTeste('icarros'), { put: () => falha(500, 'Ocorreu um erro inesperado.') });
    await pronto('Configurar iCarros');
    preencher('E-mail de acesso', 'loja@autodemo.test');
    preencher('Senha', 'x');
    gravar();
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Erro ao configurar integração.'));
    // The write is tried again with status false (spec: "the status is set to false"); the channel is never asked.
    expect(chamadas.map((c) => `${c.chave} ${String(c.corpo.status ?? '')}`)).toEqual(['PUT true', 'PUT false']);
  });

  it('Olx recusado: o texto devolvido num bloco vermelho, e a tela fica', async () => {
    const { router, chamadas } = abrir(
      'olx',
      registroTeste('olx'),
      { configurar: () => falha(422, 'A Olx recusou o código informado.') },
      SESSAO_ADMIN,
    );
    await pronto('Configurar Olx');
    preencher('Código Olx', 'recusar');
    gravar();
    expect(await screen.findByTestId('recusa-canal')).toHaveTextContent('A Olx recusou o código informado.');
    expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/configurar-olx`);
    expect(chamadas[1]).toEqual({ chave: 'POST', corpo: { id_revenda: ID_REVENDA, code_olx: 'recusar', usuario: 'a1' } });
  });

  it('Mobiauto recusado: alerta vermelho acima dos botões', async () => {
    abrir('mobiauto', registroTeste('mobiauto'), { configurar: () => falha(422, 'Usuário ou senha do integrador Mobiauto inválidos.') });
    await pronto('Configurar Mobiauto');
    preencher('E-mail de acesso', 'recusar@autodemo.test');
    preencher('Senha', 'x');
    gravar();
    const alerta = await screen.findByTestId('recusa-canal');
    expect(alerta).toHaveTextContent('Usuário ou senha do integrador Mobiauto inválidos.');
    expect(alerta.compareDocumentPosition(screen.getByRole('button', { name: 'Gravar' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('Na Pista recusado: volta à lista (o servidor já deixou Inativo) com um aviso do motivo; login não precisa ser e-mail', async () => {
    const { router, chamadas } = abrir('meucarronovo', registroTeste('meucarronovo'), {
      configurar: () => falha(422, 'A Na Pista recusou o login informado.'),
    });
    await pronto('Configurar Na Pista');
    preencher('Login', 'lojademo');
    preencher('Senha', 'x');
    gravar();
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA));
    expect(await screen.findByText('A Na Pista recusou o login informado.')).toBeInTheDocument();
    expect(screen.getByText('Na Pista recusou a configuração')).toBeInTheDocument();
    expect(chamadas[1]?.corpo).toEqual({ id_revenda: ID_REVENDA, email_meucarronovo: 'lojademo', senha_meucarronovo: 'x', usuario: 'g1' });
  });

  it('Mercado Livre: chama o canal primeiro; recusa → alerta com o texto e nenhum registro gravado', async () => {
    const alerta = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { chamadas } = abrir('mercadolivre', registroTeste('mercadolivre'), {
      configurar: () => falha(400, 'Código do Mercado Livre expirado.'),
    });
    await pronto('Configurar Mercado Livre');
    preencher('Código Mercado Livre', 'recusar');
    gravar();
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Código do Mercado Livre expirado.'));
    expect(chamadas).toEqual([{ chave: 'POST', corpo: { id_revenda: ID_REVENDA, code_ml: 'recusar', usuario: 'g1' } }]);
  });

  it('Mercado Livre aceito: grava o registro depois e volta à lista', async () => {
    const { chamadas, router } = abrir('mercadolivre', registroTeste('mercadolivre'));
    await pronto('Configurar Mercado Livre');
    preencher('Código Mercado Livre', 'TG-123');
    gravar();
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA));
    expect(chamadas.map((c) => c.chave)).toEqual(['POST', 'PUT']);
    expect(chamadas[1]?.corpo).toEqual({ status: true, code_ml: 'TG-123' });
  });

  it('Autoscar: Número inválido para 0 e para letras', async () => {
    const { chamadas } = abrir('autoscar', registroTeste('autoscar'), {}, SESSAO_ADMIN);
    await pronto('Configurar Autoscar');
    preencher('ID revenda Autoscar', '0');
    gravar();
    expect(await screen.findByText('Número inválido')).toBeInTheDocument();
    preencher('ID revenda Autoscar', 'abc');
    gravar();
    expect(await screen.findByText('Número inválido')).toBeInTheDocument();
    expect(chamadas).toEqual([]);
  });

  it('sem resposta do servidor ao configurar: avisa na tela em vez de ficar em silêncio', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { mock } = abrir('autoline', registroTeste('autoline'));
    const original = mock.getMockImplementation();
    mock.mockImplementation(async (entrada, init) => {
      if (String(entrada).endsWith('/configurar')) throw new TypeError('Failed to fetch');
      return original ? original(entrada, init) : falha(404, '');
    });
    await pronto('Configurar Autoline');
    preencher('E-mail de acesso', 'loja@autodemo.test');
    preencher('Senha', 'x');
    gravar();
    expect(await screen.findByTestId('recusa-canal')).toHaveTextContent('Sem conexão com o servidor');
    expect(screen.getByRole('button', { name: 'Gravar' })).not.toBeDisabled();
  });
});
