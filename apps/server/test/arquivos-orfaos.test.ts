import { eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, bannersSite, enviosPendentes, imagensDestaque, revendas, veiculoImagens, vendidos } from '../src/db/schema/index.ts';
import type { Armazenamento } from '../src/midia/armazenamento.ts';
import { criarArmazenamento } from '../src/midia/servir-arquivos.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { subirS3 } from './ajuda/s3-local.ts';
import { clipe } from './ajuda/video.ts';

type Envio = { imagem?: string; fileName: string; fileUrl: string; fileThumb?: string; fileOriginal?: string };

describe.each(['disco local', 'S3'])('orphan uploads, removed by the housekeeping job (%s)', (driver) => {
  let amb: Ambiente;
  let base: string;
  let gestor: Credencial | null;
  let admin: Credencial | null;
  let armazenamento: Armazenamento;
  let pararS3 = async () => {};
  beforeAll(async () => {
    let env = {};
    if (driver === 'S3') {
      const s3 = await subirS3();
      env = s3.env;
      pararS3 = s3.parar;
    }
    amb = await criarAmbiente(env);
    base = await ouvir(amb);
    gestor = await amb.entrar('gestorA');
    admin = await amb.entrar('admin');
    armazenamento = criarArmazenamento(amb.config);
  });
  afterAll(async () => {
    await amb.encerrar();
    await pararS3();
  });

  const jpeg = (cor: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: cor } })
      .jpeg()
      .toBuffer();
  const postar = async (url: string, c: Credencial | null, corpo: FormData | object): Promise<Envio> => {
    const json = !(corpo instanceof FormData);
    const r = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...(cabecalhos(c) as Record<string, string>), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(corpo) : corpo,
    });
    const resposta = (await r.json()) as { data: Envio };
    expect(r.status, JSON.stringify(resposta)).toBe(200);
    return resposta.data;
  };
  const arquivo = (dados: Buffer, nome: string, campos: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(campos)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(dados)]), nome);
    return form;
  };
  const imagem = async (tipo: 'veiculo' | 'vendido' | 'banner', cor: string) =>
    postar(`/api/revendas/${amb.ids.revendaA}/imagens?tipo=${tipo}`, gestor, arquivo(await jpeg(cor), `${tipo}.jpg`));
  /** Every address an upload answered: all must survive (or all go). */
  const enderecos = (e: Envio & { fileThumbImage?: string }) =>
    [e.fileUrl, e.fileThumb, e.fileOriginal, e.fileThumbImage].filter((u): u is string => !!u);
  const existe = async (url: string) => {
    const chave = armazenamento.chaveDaUrl(url);
    if (!chave) throw new Error(`endereço fora do armazenamento: ${url}`);
    const aberto = await armazenamento.abrir(chave);
    aberto?.corpo.destroy();
    return !!aberto;
  };
  const pendentes = async () =>
    (await amb.banco.db.select({ chave: enviosPendentes.chave }).from(enviosPendentes)).map((r) => r.chave).sort();

  it('keeps every referenced upload (and a fresh orphan), removes only the orphans older than the grace period', async () => {
    const db = amb.banco.db;
    const A = amb.ids.revendaA;
    const fotoVeiculo = await imagem('veiculo', '#a00');
    const fotoVendido = await imagem('vendido', '#0a0');
    const fotoBanner = await imagem('banner', '#00a');
    const destaque = await imagem('banner', '#aa0');
    const bannerSite = await imagem('banner', '#0aa');
    const video = await postar('/api/file/upload-video', gestor, arquivo(clipe(), 'feirão.mp4', { id_revenda: A }));
    const logo = await postar(`/api/arquivos/logotipo?revenda=${A}`, gestor, arquivo(await jpeg('#555'), 'logo.jpg'));
    const logoNovo = await postar('/api/arquivos/logotipo', admin, arquivo(await jpeg('#777'), 'novo.jpg'));
    const moldura = await postar('/api/file/upload-imagem-moldura', gestor, {
      id_revenda: A,
      file: `data:image/jpeg;base64,${(await jpeg('#999')).toString('base64')}`,
    });
    const orfaVelha = await imagem('veiculo', '#f00');
    const logoOrfaoVelho = await postar(`/api/arquivos/logotipo?revenda=${A}`, gestor, arquivo(await jpeg('#f0f'), 'logo2.jpg'));
    const orfaNova = await imagem('veiculo', '#0f0');
    // Every upload is tracked: images and videos by their folder, a logo or a frame by its file.
    expect(await pendentes()).toHaveLength(12);

    // The records that refer to them, as the forms save them.
    await db.insert(veiculoImagens).values({
      veiculo_id: amb.ids.veiculoA,
      revenda_id: A,
      posicao: 99,
      imagem: fotoVeiculo.imagem,
      file_name: fotoVeiculo.fileName,
      file_url: fotoVeiculo.fileUrl,
      file_thumb: fotoVeiculo.fileThumb,
      file_original: fotoVeiculo.fileOriginal,
    });
    const social = { revenda_id: A, nome_revenda: 'Auto Demo Veículos' };
    await db.insert(vendidos).values({ ...social, peblocotextovendidos: 'Vendido!', imagem: [fotoVendido] });
    await db.insert(banners).values([
      { ...social, peblocotextobanners: 'Feirão', imagem: [fotoBanner] },
      { ...social, peblocotextobanners: 'Vídeo', imagem: [{ ...video, video: true }] },
    ]);
    await db.insert(imagensDestaque).values({ revenda_id: A, imagem_url: destaque.fileUrl, imagem_name: 'destaque.jpg' });
    await db.insert(bannersSite).values({ revenda_id: A, imagem_url: bannerSite.fileUrl, imagem_name: 'site.jpg' });
    await db.update(revendas).set({ logotipo: logo.fileUrl, imagem_moldura_veiculo: moldura.fileUrl }).where(eq(revendas.id, A));
    await db.update(revendas).set({ logotipo: logoNovo.fileUrl }).where(eq(revendas.id, amb.ids.revendaB));

    // Writing those records took their uploads out of the pending list; only the three orphans wait.
    const chaveNova = orfaNova.imagem ?? '';
    const chaveLogoOrfao = logoOrfaoVelho.fileUrl.slice(logoOrfaoVelho.fileUrl.indexOf('revendas/'));
    expect(await pendentes()).toEqual([orfaVelha.imagem, chaveLogoOrfao, chaveNova].sort());
    const usados = [fotoVeiculo, fotoVendido, fotoBanner, destaque, bannerSite, video, logo, logoNovo, moldura];
    const todos = [...usados, orfaVelha, logoOrfaoVelho, orfaNova];
    for (const e of todos) for (const u of enderecos(e)) expect(await existe(u), u).toBe(true);

    // A day and an hour later for all but the fresh orphan.
    await db.update(enviosPendentes).set({ created_at: sql`now() - interval '25 hours'` }).where(ne(enviosPendentes.chave, chaveNova));
    await amb.tarefas.executar('auth-limpeza');

    for (const e of usados) for (const u of enderecos(e)) expect(await existe(u), `em uso: ${u}`).toBe(true);
    for (const u of enderecos(orfaNova)) expect(await existe(u), `órfão recente: ${u}`).toBe(true);
    for (const e of [orfaVelha, logoOrfaoVelho]) for (const u of enderecos(e)) expect(await existe(u), `órfão antigo: ${u}`).toBe(false);
    // Only the fresh orphan waits.
    expect(await pendentes()).toEqual([chaveNova]);

    // A second run changes nothing.
    await amb.tarefas.executar('auth-limpeza');
    for (const e of [...usados, orfaNova]) for (const u of enderecos(e)) expect(await existe(u), u).toBe(true);
    expect(await pendentes()).toEqual([chaveNova]);
  });
});
