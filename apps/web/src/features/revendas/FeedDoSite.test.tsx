import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVENDA } from '@/test/revenda';
import { ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
});

const URL_FEED = `/api/revendas/${ID_REVENDA}/feed`;
const enderecos = (slug: string) => ({
  ativo: true,
  json: `http://painel.test/feed/${slug}.json`,
  xml: `http://painel.test/feed/${slug}.xml`,
});

describe('Feed do site (dados da revenda)', { timeout: 60_000 }, () => {
  it('ativa o feed, mostra os dois endereços e gera um novo só depois de confirmar', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA),
      [`GET ${URL_FEED}`]: sucesso({ ativo: false, json: null, xml: null }),
      [`PUT ${URL_FEED}`]: sucesso(enderecos('A'.repeat(24))),
      [`POST ${URL_FEED}/novo-endereco`]: sucesso(enderecos('B'.repeat(24))),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/alterar`);
    const bloco = within((await screen.findByText('Feed do site')).closest('fieldset') as HTMLElement);
    expect(await bloco.findByText('Ative o feed para ver os endereços.')).toBeInTheDocument();
    fireEvent.click(bloco.getByRole('switch', { name: 'Publicar o feed do site' }));
    expect(await bloco.findByDisplayValue(`http://painel.test/feed/${'A'.repeat(24)}.json`)).toBeInTheDocument();
    expect(bloco.getByDisplayValue(`http://painel.test/feed/${'A'.repeat(24)}.xml`)).toBeInTheDocument();
    expect(bloco.getByRole('button', { name: 'Copiar Endereço JSON' })).toBeInTheDocument();
    expect(bloco.getByRole('button', { name: 'Copiar Endereço XML' })).toBeInTheDocument();
    const put = api.mock.calls.find(([u, i]) => String(u) === URL_FEED && i?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ativo: true });

    fireEvent.click(bloco.getByRole('button', { name: 'Gerar novo endereço' }));
    const dialogo = within(await screen.findByRole('dialog'));
    expect(dialogo.getByText(/O endereço atual deixa de funcionar/)).toBeInTheDocument();
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/novo-endereco'))).toBe(false);
    fireEvent.click(dialogo.getByRole('button', { name: 'Gerar novo endereço' }));
    expect(await bloco.findByDisplayValue(`http://painel.test/feed/${'B'.repeat(24)}.json`)).toBeInTheDocument();
    expect(bloco.getByText('Novo endereço gerado. O anterior não funciona mais.')).toBeInTheDocument();
    await waitFor(() => expect(api.mock.calls.filter(([u]) => String(u).endsWith('/novo-endereco'))).toHaveLength(1));
  });
});
