import { imagemEnviada } from '@intermedio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, type Credencial, cabecalhos, PAPEIS_TESTE, type Papel, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao } from './ajuda/publicacao.ts';
import { configurarRedesSociais, PAGINA_FB } from './ajuda/social.ts';
import { type chamarComo, fotoDaRevenda, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Issue 23 item 4 on the local disk driver (the S3 one: midia-s3.test.ts): /arquivos/ serves public renditions to
 * anyone and to other sites (CORP cross-origin); originals and a removed vehicle's files only to the reseller's users
 * and admins (anyone else: 404); the channels still read the originals they are sent (signed addresses).
 */
let amb: Ambiente;
let base: string;
let chamar: ReturnType<typeof chamarComo>;
const credenciais = new Map<Papel, Credencial | null>();
const ler = (url: string, papel: Papel = 'anonimo') =>
  amb.app.inject({ method: 'GET', url, headers: cabecalhos(credenciais.get(papel) ?? null) });
/** Who may read a private file of reseller A. */
const daRevendaA = (p: Papel) => p === 'gestorA' || p === 'admin';

type Foto = { imagem: string; fileName: string; fileUrl: string; fileThumb: string; fileOriginal: string };
async function veiculoComFoto(cor: string): Promise<{ id: string; foto: Foto }> {
  const foto = (await fotoDaRevenda(amb, amb.ids.revendaA, `foto-${cor}`, cor)) as Foto;
  const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, credenciais.get('gestorA') ?? null, {
    ...VEICULO_EXEMPLO,
    imagens: [foto],
  });
  expect(r.statusCode, r.body).toBe(200);
  return { id: r.json().data.id, foto };
}

beforeAll(async () => {
  ({ amb, base, chamar } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb);
  for (const p of PAPEIS_TESTE) credenciais.set(p, await amb.entrar(p));
}, 120_000);
afterAll(() => amb.encerrar());

describe('/arquivos/: public renditions', () => {
  it("a vehicle's display image and thumbnail: anyone, embeddable by other sites, an hour in shared caches", async () => {
    const { foto } = await veiculoComFoto('#204060');
    for (const url of [foto.fileUrl, foto.fileThumb]) {
      const r = await ler(url);
      expect([r.statusCode, r.headers['content-type']], url).toEqual([200, 'image/jpeg']);
      expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(r.headers['cache-control']).toBe('public, max-age=3600');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a banner upload: its display image is public and cached for good; its original is not', async () => {
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3300' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'banner.jpg');
    const c = credenciais.get('gestorA');
    const r = await fetch(`${base}/api/revendas/${amb.ids.revendaA}/imagens?tipo=banner`, {
      method: 'POST',
      body: form,
      headers: { cookie: c?.cookie ?? '', 'x-csrf-token': c?.csrf ?? '' },
    });
    const e = imagemEnviada.parse(((await r.json()) as { data: unknown }).data);
    const exibicao = await ler(e.fileUrl);
    expect([exibicao.statusCode, exibicao.headers['cross-origin-resource-policy'], exibicao.headers['cache-control']]).toEqual([
      200,
      'cross-origin',
      'public, max-age=31536000, immutable',
    ]);
    expect((await ler(e.fileOriginal)).statusCode).toBe(404);
    expect((await ler(e.fileOriginal, 'gestorA')).statusCode).toBe(200);
  });
});

describe('/arquivos/: originals', () => {
  it("only a user of the key's reseller or an admin reads one; anyone else gets 404 as for a missing file", async () => {
    const { foto } = await veiculoComFoto('#406080');
    for (const papel of PAPEIS_TESTE) {
      const r = await ler(foto.fileOriginal, papel);
      if (!daRevendaA(papel)) {
        expect(r.statusCode, papel).toBe(404);
        expect(r.json()).toEqual({ status: 'error', data: 'Arquivo não encontrado.' });
        continue;
      }
      expect([r.statusCode, r.headers['content-type']], papel).toEqual([200, 'image/jpeg']);
      expect(r.headers['cache-control']).toBe('private, max-age=3600');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('an address spelt another way (encoded, doubled slash, dot segments) is refused, never normalised to the file', async () => {
    const { foto } = await veiculoComFoto('#608020');
    const pasta = foto.fileOriginal.slice(0, foto.fileOriginal.lastIndexOf('/'));
    for (const url of [
      `${pasta}/%6Friginal.jpg`,
      `${pasta}//original.jpg`,
      `${pasta}/./original.jpg`,
      `${pasta}/x/../original.jpg`,
      `${foto.fileOriginal}?assinatura=`,
      `${foto.fileOriginal}?assinatura=${'A'.repeat(32)}`,
    ]) {
      expect((await ler(url)).statusCode, url).toBe(404);
    }
  });
});

describe("/arquivos/: a removed vehicle's files", () => {
  it('need a session of its reseller (or an admin), every rendition', async () => {
    const { id, foto } = await veiculoComFoto('#806040');
    expect((await ler(foto.fileUrl)).statusCode).toBe(200);
    const r = await chamar('DELETE', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, credenciais.get('gestorA') ?? null);
    expect(r.statusCode, r.body).toBe(200);
    for (const url of [foto.fileUrl, foto.fileThumb, foto.fileOriginal]) {
      for (const papel of PAPEIS_TESTE) {
        const lido = await ler(url, papel);
        expect(lido.statusCode, `${papel} ${url}`).toBe(daRevendaA(papel) ? 200 : 404);
        if (daRevendaA(papel)) expect(lido.headers['cache-control']).toBe('private, max-age=3600');
      }
    }
    const pasta = foto.fileUrl.slice(0, foto.fileUrl.lastIndexOf('/'));
    expect((await ler(`${pasta}/./exibicao.jpg`)).statusCode).toBe(404);
  });
});

describe('channels fetch the originals they are sent', () => {
  it('Facebook gets signed addresses of the originals, readable with no session; a removed vehicle takes them back', async () => {
    await configurarRedesSociais(amb, credenciais.get('gestorA') ?? null);
    const { id, foto } = await veiculoComFoto('#a0a0a0');
    const r = await chamar('POST', '/api/integracao/facebook/enviar', credenciais.get('gestorA') ?? null, {
      id_veiculo: id,
      usuario: 'qualquer-um',
      veiculo_post: { face_descricao: 'Fiat Argo Drive 2023, único dono, revisado.', face_link: 'https://autodemo.test/estoque' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const lista = (await (await fetch(`${base}/sandbox/facebook/_anuncios`)).json()) as {
      data: { id: string; destino: string; fotos?: string[] }[];
    };
    const fotos = lista.data.find((a) => a.destino === PAGINA_FB && a.id === r.json().data.id_anuncio)?.fotos ?? [];
    expect(fotos).toHaveLength(1);
    const enviada = new URL(fotos[0] ?? '');
    expect(enviada.pathname).toBe(foto.fileOriginal);
    expect(enviada.searchParams.get('assinatura')).toMatch(/^[\w-]{32}$/);
    const lido = await ler(enviada.pathname + enviada.search);
    expect([lido.statusCode, lido.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(lido.rawPayload.equals((await ler(foto.fileOriginal, 'gestorA')).rawPayload)).toBe(true);

    // The signature is this file's only: another original of the reseller with it is refused.
    const outro = await veiculoComFoto('#b0b0b0');
    expect((await ler(outro.foto.fileOriginal + enviada.search)).statusCode).toBe(404);

    const removido = await chamar('DELETE', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, credenciais.get('gestorA') ?? null);
    expect(removido.statusCode, removido.body).toBe(200);
    expect((await ler(enviada.pathname + enviada.search)).statusCode).toBe(404);
  });
});
