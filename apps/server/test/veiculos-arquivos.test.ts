import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { veiculoImagens } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';
import { chamarComo, fotoDaRevenda, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

let amb: Ambiente;
let admin: Credencial | null;
let gestorA: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let base: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  chamar = chamarComo(amb);
  [admin, gestorA, gestorB] = await Promise.all([amb.entrar('admin'), amb.entrar('gestorA'), amb.entrar('gestorB')]);
  base = `/api/revendas/${amb.ids.revendaA}/veiculos`;
});
afterAll(() => amb.encerrar());

/** Every entry of a zip: name → bytes. */
function abrirZip(dados: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((ok, falha) => {
    yauzl.fromBuffer(dados, { lazyEntries: true }, (erro, zip) => {
      if (erro || !zip) return falha(erro);
      const arquivos = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err, fluxo) => {
          if (err || !fluxo) return falha(err);
          const partes: Buffer[] = [];
          fluxo.on('data', (p: Buffer) => partes.push(p));
          fluxo.on('end', () => {
            arquivos.set(e.fileName, Buffer.concat(partes));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => ok(arquivos));
      zip.readEntry();
    });
  });
}

const incluir = async (extra: object = {}) => {
  const r = await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as string;
};

describe('vehicle package (zip streamed by the server)', () => {
  it('holds the data as Portuguese text and the original photos, in order', async () => {
    const f1 = await fotoDaRevenda(amb, amb.ids.revendaA, 'frente', '#112233');
    const f2 = await fotoDaRevenda(amb, amb.ids.revendaA, 'traseira', '#445566');
    const id = await incluir({ imagens: [f1, f2], veobservacao: 'Único dono, revisões na concessionária' });
    const r = await chamar('GET', `${base}/${id}/pacote`, gestorA);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toContain('Veiculo_Fiat_Argo_Drive_1_0_Flex_2023.zip');
    const arquivos = await abrirZip(r.rawPayload);
    expect([...arquivos.keys()]).toEqual(['dados_do_veiculo.txt', 'foto_01.jpg', 'foto_02.jpg']);
    const texto = arquivos.get('dados_do_veiculo.txt')?.toString('utf8') ?? '';
    expect(texto).toContain('Revenda: Auto Demo Veículos');
    expect(texto).toContain('Marca: Fiat');
    expect(texto).toContain('Versão: Drive 1.0 Flex');
    expect(texto).toContain('Valor: R$ 72.900,00');
    expect(texto).toContain('Câmbio: Manual');
    expect(texto).toContain('Observação: Único dono, revisões na concessionária');
    const original = await chamar('GET', `${base}/${id}`, gestorA);
    const [im1] = original.json().data.imagens;
    const direto = await chamar('GET', im1.fileOriginal, gestorA); // originals need a session of the reseller (issue 23)
    expect(arquivos.get('foto_01.jpg')?.equals(direto.rawPayload)).toBe(true);
  });

  it('downloads one original photo as an attachment', async () => {
    const f = await fotoDaRevenda(amb, amb.ids.revendaA, 'lateral');
    const id = await incluir({ imagens: [f] });
    const [im] = (await chamar('GET', `${base}/${id}`, gestorA)).json().data.imagens;
    const r = await chamar('GET', `${base}/${id}/imagens/${im.id}/original`, gestorA);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect(r.headers['content-disposition']).toContain('lateral.jpg');
    expect(r.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});

describe('change log (spec 2 §2 alterados)', () => {
  it('lists each change and downloads Alteracoes_dados_veiculo_{revenda}.txt with date, user and old -> new', async () => {
    const id = await incluir();
    let v = (await chamar('GET', `${base}/${id}`, gestorA)).json().data;
    await chamar('PUT', `${base}/${id}`, gestorA, { ...VEICULO_EXEMPLO, vequilometragem: '40000', versao: v.versao });
    v = (await chamar('GET', `${base}/${id}`, admin)).json().data;
    await chamar('PUT', `${base}/${id}`, admin, { ...VEICULO_EXEMPLO, vequilometragem: '40000', vecambio: 'A', versao: v.versao });
    const lista = (await chamar('GET', `${base}/${id}/alteracoes`, gestorA)).json().data;
    expect(lista).toHaveLength(2);
    expect(lista[0]).toMatchObject({
      veusuarioalterou: 'Administrador Demo',
      campos: { vecambio: { antiga: 'Manual', nova: 'Automático' } },
    });
    expect(lista[1]).toMatchObject({
      veusuarioalterou: 'Gestor Auto Demo',
      campos: { vequilometragem: { antiga: '35000', nova: '40000' } },
    });
    const r = await chamar('GET', `${base}/${id}/alteracoes/arquivo`, gestorA);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.headers['content-disposition']).toContain('filename="Alteracoes_dados_veiculo_Auto_Demo_Veiculos.txt"');
    expect(r.body).toContain('Usuário: Gestor Auto Demo');
    expect(r.body).toContain('Quilometragem: 35000 -> 40000');
    expect(r.body).toContain('Câmbio: Manual -> Automático');
    expect(r.body).toMatch(/Data: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  });
});

describe('isolation of the download routes', () => {
  it('a gestor of another reseller is refused on every download of a vehicle of reseller A', async () => {
    const f = await fotoDaRevenda(amb, amb.ids.revendaA, 'isolada');
    const id = await incluir({ imagens: [f] });
    const [im] = (await chamar('GET', `${base}/${id}`, gestorA)).json().data.imagens;
    for (const sufixo of ['/pacote', `/imagens/${im.id}/original`, '/alteracoes', '/alteracoes/arquivo']) {
      expect((await chamar('GET', `${base}/${id}${sufixo}`, gestorB)).statusCode, sufixo).toBe(403);
      const proprio = `/api/revendas/${amb.ids.revendaB}/veiculos/${id}${sufixo}`;
      expect((await chamar('GET', proprio, gestorB)).statusCode, proprio).toBe(404);
    }
  });

  it('a removed vehicle is downloaded by an admin only', async () => {
    const id = await incluir();
    await chamar('DELETE', `${base}/${id}`, gestorA);
    expect((await chamar('GET', `${base}/${id}/pacote`, gestorA)).statusCode).toBe(403);
    expect((await chamar('GET', `${base}/${id}/pacote`, admin)).statusCode).toBe(200);
  });
});

describe("another reseller's photo folders (audit: cross-tenant file deletion)", () => {
  const existe = async (url: string) => (await amb.app.inject({ method: 'GET', url, headers: cabecalhos(admin) })).statusCode;

  it("a photo entry naming another reseller's folder is refused and nothing of that reseller is removed", async () => {
    const deA = await fotoDaRevenda(amb, amb.ids.revendaA, 'de-a');
    await incluir({ imagens: [deA] });
    const deB = await fotoDaRevenda(amb, amb.ids.revendaB, 'de-b');
    const baseB = `/api/revendas/${amb.ids.revendaB}/veiculos`;
    const r = await chamar('POST', baseB, gestorB, { ...VEICULO_EXEMPLO, imagens: [{ ...deB, imagem: deA.imagem }] });
    expect([r.statusCode, r.json().data]).toEqual([400, 'Imagem inválida: envie as fotos pelo formulário.']);
    // Its own upload with its own folder is accepted; dropping it later removes only that folder.
    const ok = await chamar('POST', baseB, gestorB, { ...VEICULO_EXEMPLO, imagens: [deB] });
    expect(ok.statusCode, ok.body).toBe(200);
    const idB = ok.json().data.id as string;
    const atual = (await chamar('GET', `${baseB}/${idB}`, gestorB)).json().data;
    expect(atual.imagens[0].imagem).toBe(deB.imagem);
    const semFoto = await chamar('PUT', `${baseB}/${idB}`, gestorB, { ...VEICULO_EXEMPLO, imagens: [], versao: atual.versao });
    expect(semFoto.statusCode, semFoto.body).toBe(200);
    expect(await existe(deB.fileUrl)).toBe(404);
    expect(await existe(deA.fileUrl)).toBe(200);
    expect(await existe(deA.fileOriginal)).toBe(200);
  });

  it("a stored row that names another reseller's folder (saved before this check) removes nothing of it", async () => {
    const deA = await fotoDaRevenda(amb, amb.ids.revendaA, 'de-a-2');
    await incluir({ imagens: [deA] });
    const deB = await fotoDaRevenda(amb, amb.ids.revendaB, 'de-b-2');
    const baseB = `/api/revendas/${amb.ids.revendaB}/veiculos`;
    const ok = await chamar('POST', baseB, gestorB, { ...VEICULO_EXEMPLO, imagens: [deB] });
    const idB = ok.json().data.id as string;
    await amb.banco.db.update(veiculoImagens).set({ imagem: deA.imagem }).where(eq(veiculoImagens.veiculo_id, idB));
    const atual = (await chamar('GET', `${baseB}/${idB}`, gestorB)).json().data;
    const semFoto = await chamar('PUT', `${baseB}/${idB}`, gestorB, { ...VEICULO_EXEMPLO, imagens: [], versao: atual.versao });
    expect(semFoto.statusCode, semFoto.body).toBe(200);
    expect(await existe(deA.fileUrl)).toBe(200);
    expect(await existe(deA.fileOriginal)).toBe(200);
    expect(await existe(deB.fileUrl)).toBe(404);
  });
});

describe('buscar-versoes (spec 2 §7)', () => {
  const chamarVersoes = (c: Credencial | null, revenda: string, locais: { id: string }[], veiculo: object = {}) =>
    chamar('POST', '/api/locais-anuncio/buscar-versoes', c, {
      revenda,
      veiculo: {
        vetipoveiculo: 'carro',
        vefipe_marca: 'Fiat',
        ve_modelo: 'Argo',
        ve_versao: 'Drive 1.0 6V Flex 5p Mec.',
        vefipe_ano_modelo: 2023,
        ...veiculo,
      },
      locais_anuncio: locais,
    });

  it("answers the vehicle's FIPE versions for each chosen location of the reseller, the matching one preselected", async () => {
    const { revendaLocaisAnuncio } = await import('../src/db/schema/index.ts');
    const [local] = await amb.banco.db
      .insert(revendaLocaisAnuncio)
      .values({ revenda_id: amb.ids.revendaA, id_local: amb.ids.revendaA, descricao: 'Portal regional', ordenacao: 5 })
      .returning();
    const r = await chamarVersoes(gestorA, amb.ids.revendaA, [{ id: local?.id ?? '' }]);
    expect(r.statusCode, r.body).toBe(200);
    const [resp] = r.json().data;
    expect(resp).toMatchObject({ id: local?.id, descricao: 'Portal regional', selecionaVersao: true, codigoMarca: '21' });
    const nomes = resp.versoes.map((v: { versao: string }) => v.versao);
    expect(nomes).toContain('Drive 1.0 6V Flex 5p Mec.');
    expect(resp.codigoVersao).toBe(resp.versoes.find((v: { versao: string }) => v.versao === 'Drive 1.0 6V Flex 5p Mec.').codigo_versao);
    // An unknown vehicle: the location answers with nothing to choose.
    const [nada] = (await chamarVersoes(gestorA, amb.ids.revendaA, [{ id: local?.id ?? '' }], { vefipe_marca: 'Inexistente' })).json().data;
    expect(nada).toMatchObject({ selecionaVersao: false, versoes: [] });
  });

  it('finds the demo Onix and Polo though FIPE calls their brands "GM - Chevrolet" and "VW - VolksWagen" (issue 23 item 10)', async () => {
    const { revendaLocaisAnuncio } = await import('../src/db/schema/index.ts');
    const [local] = await amb.banco.db
      .insert(revendaLocaisAnuncio)
      .values({ revenda_id: amb.ids.revendaA, id_local: amb.ids.revendaA, descricao: 'Portal das marcas', ordenacao: 4 })
      .returning();
    for (const [marca, modelo, versao] of [
      ['Chevrolet', 'Onix', 'LT 1.0 Turbo Flex 5p Aut.'],
      ['Volkswagen', 'Polo', 'Highline 200 TSI 1.0 Flex Aut.'],
    ]) {
      const veiculo = { vefipe_marca: marca, ve_modelo: modelo, ve_versao: versao, vefipe_ano_modelo: 2023 };
      const [resp] = (await chamarVersoes(gestorA, amb.ids.revendaA, [{ id: local?.id ?? '' }], veiculo)).json().data;
      expect(resp.selecionaVersao, marca).toBe(true);
      expect(resp.versoes.find((v: { codigo_versao: string }) => v.codigo_versao === resp.codigoVersao)?.versao, marca).toBe(versao);
    }
  });

  it('refuses another reseller in the body', async () => {
    expect((await chamarVersoes(gestorB, amb.ids.revendaA, [])).statusCode).toBe(403);
  });
});
