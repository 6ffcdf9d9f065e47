import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Importacao } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importacoes, veiculoImagens, veiculos } from '../src/db/schema/index.ts';
import { TAREFA_IMPORTACAO } from '../src/modules/importacao/importacao.service.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { chamarComo } from './ajuda/veiculos.ts';

/**
 * Stock import from another system's feed URL, with photos by URL (issue 27 item 1). The only server reached is the
 * test's own on 127.0.0.1, allowed by the test-only IMPORTACAO_PERMITIR_LOOPBACK.
 */
let amb: Ambiente;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let servidor: Server;
let origem: string;
let apiBase: string;
const pedidos: string[] = [];
/** Leases read while a slow photo was downloading (issue: a row of slow photos must keep its import held). */
const leases: (Date | null)[] = [];
const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const leaseAgora = async () =>
  (await amb.banco.db.select({ l: importacoes.lease_ate }).from(importacoes).where(eq(importacoes.estado, 'importando')))[0]?.l ?? null;
async function lento(url: string) {
  if (url === '/lento/1.jpg') return esperar(1500);
  leases.push(await leaseAgora());
  await esperar(2500);
  leases.push(await leaseAgora());
}

const feed = (o: string) => `<?xml version="1.0" encoding="UTF-8"?>
<estoque>
  <veiculo><codigo>U-1</codigo><marca>Fiat</marca><modelo>Argo</modelo><versao>Drive 1.0</versao><anofabricacao>2022</anofabricacao>
    <anomodelo>2023</anomodelo><km>12000</km><preco>R$ 80.000,00</preco><cor>Vermelho</cor><cambio>Manual</cambio><portas>4</portas>
    <carroceria>Hatch</carroceria><placa>URL1A11</placa>
    <fotos><foto>${o}/f/1.jpg</foto><foto>${o}/f/faltando.jpg</foto><foto>${o}/f/2.jpg</foto></fotos></veiculo>
</estoque>`;

beforeAll(async () => {
  const jpeg = (cor: string) =>
    sharp({ create: { width: 80, height: 60, channels: 3, background: cor } })
      .jpeg()
      .toBuffer();
  const fotos: Record<string, Buffer> = { '/f/1.jpg': await jpeg('#ff0000'), '/f/2.jpg': await jpeg('#0000ff') };
  servidor = createServer((req, res) => {
    pedidos.push(req.url ?? '');
    if (req.url === '/estoque.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(feed(origem));
      return;
    }
    if (req.url?.startsWith('/lento/')) {
      void lento(req.url).then(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fotos['/f/1.jpg']));
      return;
    }
    const f = fotos[req.url ?? ''];
    if (f) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(f);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  origem = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  amb = await criarAmbiente({ IMPORTACAO_PERMITIR_LOOPBACK: '1' });
  await semTarefasEmSegundoPlano(amb);
  apiBase = await ouvir(amb);
  gestor = await amb.entrar('gestorA');
  chamar = chamarComo(amb);
});
afterAll(async () => {
  await amb.encerrar();
  await new Promise((ok) => servidor.close(ok));
});

describe('feed URL with photos', () => {
  it('reads the feed, imports the car and attaches its photos in order; a missing photo is listed, the car stays', async () => {
    const base = `/api/revendas/${amb.ids.revendaA}/importacoes`;
    const r = await chamar('POST', `${base}/url`, gestor, { url: `${origem}/estoque.xml` });
    expect(r.statusCode, r.body).toBe(200);
    const imp = r.json().data as Importacao;
    expect(imp).toMatchObject({ origem: 'xml', nome: `${origem}/estoque.xml`, total_linhas: 1 });
    expect(imp.mapeamento).toMatchObject({ codigo_interno: 'codigo', valor: 'preco', fotos: 'fotos' });
    const c = await chamar('POST', `${base}/${imp.id}/confirmar`, gestor, { mapeamento: imp.mapeamento });
    expect(c.statusCode, c.body).toBe(200);
    await amb.tarefas.executar(TAREFA_IMPORTACAO);

    const fim = (await chamar('GET', `${base}/${imp.id}`, gestor)).json().data as Importacao;
    expect(fim).toMatchObject({ estado: 'concluida', progresso: { total: 1, feitas: 1, criados: 1, fotos_falhas: 1 } });
    const [v] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.veiplaca, 'URL1A11'));
    const imagens = await amb.banco.db
      .select()
      .from(veiculoImagens)
      .where(eq(veiculoImagens.veiculo_id, v?.id ?? ''));
    expect(imagens.sort((a, b) => a.posicao - b.posicao).map((i) => i.file_name)).toEqual(['1.jpg', '2.jpg']);
    const linhas = (await chamar('GET', `${base}/${imp.id}/linhas`, gestor)).json().data;
    expect(linhas[0].fotos_falhas).toEqual([{ url: `${origem}/f/faltando.jpg`, motivo: expect.stringContaining('404') }]);
    const rel = await chamar('GET', `${base}/${imp.id}/relatorio`, gestor);
    expect(rel.body).toContain(`${origem}/f/faltando.jpg`);

    // Run again: nothing downloaded or attached twice.
    const antes = pedidos.length;
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    expect(pedidos.length).toBe(antes);
    expect(
      await amb.banco.db
        .select()
        .from(veiculoImagens)
        .where(eq(veiculoImagens.veiculo_id, v?.id ?? '')),
    ).toHaveLength(2);
  });

  it('slow photos keep the import held: the lease is renewed as each photo arrives', async () => {
    const base = `/api/revendas/${amb.ids.revendaA}/importacoes`;
    const csv = `Marca;Modelo;Versão;Ano Fab;Ano Modelo;Câmbio;Cor;Portas;Carroceria;Placa;KM;Valor;Fotos\r\nFiat;Argo;Drive 1.0;2022;2023;Manual;Bege;4;Hatch;LEN1A11;10;50000;${origem}/lento/1.jpg ${origem}/lento/2.jpg\r\n`;
    const form = new FormData();
    form.append('arquivo', new Blob([csv]), 'lento.csv');
    const r = await fetch(`${apiBase}${base}/arquivo`, {
      method: 'POST',
      body: form,
      headers: cabecalhos(gestor) as Record<string, string>,
    });
    const imp = ((await r.json()) as { data: Importacao }).data;
    expect((await chamar('POST', `${base}/${imp.id}/confirmar`, gestor, { mapeamento: imp.mapeamento })).statusCode).toBe(200);
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    expect(leases).toHaveLength(2);
    expect(leases[1]?.getTime()).toBeGreaterThan(leases[0]?.getTime() ?? Number.POSITIVE_INFINITY);
    const fim = (await chamar('GET', `${base}/${imp.id}`, gestor)).json().data as Importacao;
    expect(fim).toMatchObject({ estado: 'concluida', progresso: { criados: 1, fotos_falhas: 0 } });
  });

  it('a URL that does not answer a feed is refused with the message', async () => {
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/importacoes/url`, gestor, { url: `${origem}/f/1.jpg` });
    expect(r.statusCode).toBe(422);
    expect(r.json().data).toBe('O endereço não devolveu um feed de estoque XML ou JSON reconhecido.');
  });
});
