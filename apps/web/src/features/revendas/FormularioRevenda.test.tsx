import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVENDA } from '@/test/revenda';
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

// These screens are large: under a loaded machine jsdom needs more than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
});

const corpoDe = (api: ReturnType<typeof simularApi>, metodo: string) => {
  const chamada = api.mock.calls.find(([, init]) => init?.method === metodo);
  return chamada ? JSON.parse(String(chamada[1]?.body)) : undefined;
};

/** Fills the field whose label starts with `rotulo` (required fields end with an asterisk). */
const preencher = (rotulo: string, valor: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${rotulo}`)), { target: { value: valor } });

/** Opens a Mantine Select and picks an option of its own list (every Select keeps its options in the DOM). */
async function escolher(rotulo: string, opcao: string) {
  const campo = screen.getByRole('combobox', { name: rotulo });
  fireEvent.click(campo);
  await waitFor(() => expect(campo).toHaveAttribute('aria-controls'));
  const lista = document.getElementById(campo.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(within(lista).getByRole('option', { name: opcao, hidden: true }));
}

// The whole reseller form is large: rendering it in jsdom takes a few seconds.
describe('Incluir revenda (/revenda/incluir)', { timeout: 60_000 }, () => {
  it('mostra Preenchimento obrigatório nos campos exigidos e não grava', async () => {
    simularEventSource();
    const api = simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'POST /api/revendas': sucesso(REVENDA) });
    renderizarApp('/revenda/incluir');
    fireEvent.click(await screen.findByRole('button', { name: 'Gravar' }));
    expect(await screen.findAllByText('Preenchimento obrigatório')).toHaveLength(4);
    for (const rotulo of ['Nome do responsável', 'Nome da loja', 'E-mail'])
      expect(screen.getByRole('textbox', { name: new RegExp(`^${rotulo}`) })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Plano/ })).toHaveAttribute('aria-invalid', 'true');
    expect(corpoDe(api, 'POST')).toBeUndefined();
    // Resources: every one on by default except the reseller's site (spec 1 §5).
    const recursos = within(screen.getByRole('group', { name: 'Recursos' }));
    for (const r of ['Histórico', 'Locais de anúncio', "Marca d'água", 'Solicitação de arte'])
      expect(recursos.getByRole('checkbox', { name: r })).toBeChecked();
    expect(recursos.getByRole('checkbox', { name: 'Site da revenda' })).not.toBeChecked();

    preencher('E-mail', 'nao-e-email');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(corpoDe(api, 'POST')).toBeUndefined();
  });

  it('com moldura de imagem de rodapé exige diretório e imagem', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN) });
    renderizarApp('/revenda/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    await escolher('Tipo de moldura dos veículos', 'Imagem de rodapé');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Diretório das imagens dos veículos/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('textbox', { name: /^Imagem da moldura dos veículos/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Diretório das imagens dos vendidos/ })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('moldura de imagem de rodapé ao incluir: a imagem é enviada pelo formulário (sem revenda ainda) e vai na inclusão', async () => {
    simularEventSource();
    const url = '/arquivos/logos-novos-clientes/moldura-1-abc.png';
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /api/file/upload-imagem-moldura': sucesso({ fileName: 'moldura-1-abc.png', fileUrl: url }),
      'POST /api/revendas': sucesso(REVENDA),
      'GET /api/revendas?plano=pagos': sucesso([]),
    });
    renderizarApp('/revenda/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Nome do responsável', 'Carlos Andrade');
    preencher('Nome da loja', 'Loja Nova');
    preencher('E-mail', 'contato@lojanova.test');
    await escolher('Plano', 'Vendedor');
    await escolher('Tipo de moldura dos veículos', 'Imagem de rodapé');
    preencher('Diretório das imagens dos veículos', 'molduras');
    const arquivo = new File([new Uint8Array([137, 80, 78, 71])], 'moldura.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('arquivo-moldura-veiculo'), { target: { files: [arquivo] } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Imagem da moldura dos veículos/ })).toHaveValue(url));
    const envio = JSON.parse(String(api.mock.calls.find(([u]) => String(u).endsWith('/upload-imagem-moldura'))?.[1]?.body));
    expect(envio).toMatchObject({ id_revenda: null, tipo_moldura: 'imagem_rodape', diretorio: 'molduras' });
    expect(envio.file).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    const inclusao = () => api.mock.calls.find(([u, init]) => u === '/api/revendas' && init?.method === 'POST');
    await waitFor(() => expect(inclusao()).toBeDefined());
    expect(JSON.parse(String(inclusao()?.[1]?.body))).toMatchObject({
      tipo_moldura_veiculo: 'imagem_rodape',
      diretorio_veiculo: 'molduras',
      imagem_moldura_veiculo: url,
    });
  });

  it('grava com os campos mascarados (formulário desabilitado enquanto grava), avisa e volta à lista', async () => {
    simularEventSource();
    let responder: () => void = () => {};
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /api/revendas': () =>
        new Promise<Response>((r) => {
          responder = () => r(sucesso(REVENDA));
        }),
      'GET /api/revendas?plano=pagos': sucesso([]),
    });
    const { router } = renderizarApp('/revenda/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Nome do responsável', 'Carlos Andrade');
    preencher('Nome da loja', 'Loja Nova');
    preencher('E-mail', 'Contato@LojaNova.test');
    preencher('Telefone 1', '11987654321');
    preencher('CEP', '01310100');
    preencher('Mensalidade', '1234,56');
    await escolher('Plano', 'Loja familiar');
    await escolher('UF', 'SP');
    // Found once: a label query over this form costs ~130 ms in jsdom, too much to repeat at every retry of the wait.
    const loja = screen.getByLabelText(/^Nome da loja/);
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(loja).toBeDisabled());
    expect(screen.getByLabelText(/^Telefone 1/)).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Plano/ })).toBeDisabled();
    // No toast yet (setup.ts clears the previous test's toasts): the one below is this save's answer.
    expect(screen.queryByText('Revenda gravada com sucesso!')).not.toBeInTheDocument();
    responder();
    expect(await screen.findByText('Revenda gravada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/revenda/listar'));
    const corpo = corpoDe(api, 'POST');
    expect(corpo).toMatchObject({
      perazao_social_nome: 'Carlos Andrade',
      penome_fantasia: 'Loja Nova',
      peemail: 'Contato@LojaNova.test',
      petelefone1: '(11) 98765-4321',
      pecep_fiscal: '01310-100',
      plano: 'familiar',
      peuf: 'SP',
      recursos: { historico: true, locais_anuncio: true, marca_dagua: true, site_revenda: false, solicitacao_arte: true },
      tipo_moldura_veiculo: '',
      tipo_moldura_vendido: '',
      pedatavencimento: null,
    });
    expect(Number(corpo.pevalormensalidade)).toBe(1234.56);
  });

  it('uma revenda nova do plano Básico leva à lista do plano Básico, que a contém', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /api/revendas': sucesso({ ...REVENDA, plano: 'basico' }),
      'GET /api/revendas?plano=basico': sucesso([]),
    });
    const { router } = renderizarApp('/revenda/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Nome do responsável', 'Ana');
    preencher('Nome da loja', 'Loja Básica');
    preencher('E-mail', 'ana@basica.test');
    await escolher('Plano', 'Básico');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Revenda gravada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/revenda-free/listar'));
  });

  it('mostra no campo o erro de validação do servidor e fica no formulário', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /api/revendas': () =>
        new Response(
          JSON.stringify({
            status: 'error',
            data: 'O plano básico só pode ser escolhido por um administrador da empresa ff.',
            campos: { plano: 'O plano básico só pode ser escolhido por um administrador da empresa ff.' },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    });
    const { router } = renderizarApp('/revenda/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Nome do responsável', 'Ana');
    preencher('Nome da loja', 'Loja Básica');
    preencher('E-mail', 'ana@basica.test');
    await escolher('Plano', 'Básico');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findAllByText('O plano básico só pode ser escolhido por um administrador da empresa ff.')).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: /^Plano/ })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/revenda/incluir');
  });

  it('outra falha ao gravar avisa e volta à lista', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /api/revendas': falha(500, 'Falha ao gravar revenda!'),
      'GET /api/revendas?plano=pagos': sucesso([]),
    });
    const { router } = renderizarApp('/revenda/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Nome do responsável', 'Ana');
    preencher('Nome da loja', 'Loja X');
    preencher('E-mail', 'ana@x.test');
    await escolher('Plano', 'Vendedor');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Falha ao gravar revenda!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/revenda/listar'));
  });
});

describe('Alterar revenda (/revenda/:id/alterar)', { timeout: 60_000 }, () => {
  it('o gestor vê os dados comerciais só para leitura, grava tudo e volta ao painel', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA),
      [`PUT /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA),
      [`GET /api/revendas/${ID_REVENDA}/dashboard`]: sucesso({ veiculos: 1, vendidos: 0, usuarios: 1, historico: 0, banners: 0 }),
    });
    const { router } = renderizarApp(`/revenda/${ID_REVENDA}/alterar`);
    expect(await screen.findByDisplayValue('Auto Demo Veículos')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensalidade')).toHaveValue('R$ 1.490,00');
    expect(screen.getByRole('combobox', { name: /^Plano/ })).toBeDisabled();
    expect(screen.getByLabelText('Mensalidade')).toBeDisabled();
    expect(screen.queryByLabelText('Observações do administrador')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    const plano = within(screen.getByRole('group', { name: 'Plano e recursos' }));
    expect(plano.getByRole('checkbox', { name: 'Histórico' })).toBeDisabled();

    preencher('Nome da loja', 'Auto Demo Veículos Ltda');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Revenda gravada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/painel/dashboard'));
    expect(corpoDe(api, 'PUT')).toMatchObject({
      penome_fantasia: 'Auto Demo Veículos Ltda',
      plano: 'concessionaria',
      pevalormensalidade: 1490,
      peendereco_fiscal_numero: '1000',
      peuf: 'SP',
      pestatus: 'green',
    });
  });
});
