import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { CONTAS, comBanco } from './painel.ts';

/** A short random suffix, so that tests do not depend on each other's data. */
export const sufixoUnico = () => randomBytes(4).toString('hex');

/** A car as the vehicle form posts it to `POST /api/revendas/:id/veiculos` (no photos): valid for every channel's draft. */
export const CARRO_API = {
  vetipoveiculo: 'carro',
  vefipe_marca: 'Fiat',
  ve_modelo: 'Argo',
  ve_versao: 'Drive 1.0 Flex',
  veano_fabricacao: 2022,
  vefipe_ano_modelo: 2023,
  vecambio: 'M',
  vecor: 'Branco',
  veportas: 4,
  vecarroceria: 'Hatch',
  veiplaca: 'ABC1D23',
  vequilometragem: '35000',
  vevalor: '72.900,00',
};

/** A valid 1x1 PNG (the server checks uploads by content). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks an option of a Mantine Select (its input has the label; the options open in a listbox). */
export async function escolherOpcao(page: Page, rotulo: string | RegExp, opcao: string) {
  await page.getByRole('combobox', { name: rotulo }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

/** The row of a virtualised table that shows `texto`. */
export const linhaCom = (page: Page, tabela: string, texto: string): Locator =>
  page.getByRole('table', { name: tabela, exact: true }).getByRole('row').filter({ hasText: texto });

/**
 * Scrolls `alvo` into view and expects it there. A virtualised list draws its rows again after a resize or a live
 * event, so the element found first may be gone: the locator is resolved again until it holds.
 */
export async function trazerParaVista(alvo: Locator, mensagem?: string) {
  await expect(async () => {
    await alvo.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(alvo).toBeInViewport({ timeout: 1_000 });
  }, mensagem).toPass({ timeout: 15_000 });
}

/**
 * A reseller with one active gestor, written straight to the database (password: the demo one, by copying
 * the demo gestor's hash). Returns its id and the gestor's e-mail; `remover()` deletes both.
 */
export async function criarRevendaComGestor(nome: string) {
  const email = `gestor-${sufixoUnico()}@e2e.test`;
  return comBanco(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into revendas (perazao_social_nome, penome_fantasia, peemail, plano, recursos, pestatus, pevalormensalidade, pedatavencimento)
       values ('Responsável E2E', $1, $2, 'vendedor', '{}'::jsonb, 'yellow', '99.90', 15) returning id`,
      [nome, `contato-${sufixoUnico()}@e2e.test`],
    );
    const idRevenda = rows[0]?.id as string;
    await c.query(
      `insert into usuarios (email, nome, role, revenda_id, senha_hash)
       select $1, 'Gestor E2E', 'gestor', $2, senha_hash from usuarios where email = $3`,
      [email, idRevenda, CONTAS.gestorA],
    );
    return {
      idRevenda,
      email,
      remover: () => comBanco((c2) => c2.query('delete from revendas where id = $1', [idRevenda])),
    };
  });
}

/** Quoted-printable soft line breaks and escapes (mail bodies are encoded this way), read as UTF-8. */
function decodificarQp(texto: string) {
  const bytes = texto.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Every e-mail sent to `email` so far (without SMTP the server writes each as DATA_DIR/emails/{time}-{random}-{to}.eml;
 * the e2e scripts give that directory as E2E_DATA_DIR), oldest first: subject and plain text, decoded.
 */
export async function emailsPara(email: string): Promise<{ assunto: string; texto: string }[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR não definida: os scripts de e2e devem passar o DATA_DIR do servidor');
  const pasta = path.join(dataDir, 'emails');
  const arquivos = (await readdir(pasta).catch(() => [] as string[])).filter((a) => a.endsWith(`-${email}.eml`)).sort();
  return Promise.all(
    arquivos.map(async (a) => {
      const bruto = await readFile(path.join(pasta, a), 'utf8');
      const [cabecalho = '', ...corpo] = bruto.split(/\r?\n\r?\n/);
      const assunto = (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(cabecalho)?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
      const base64 = /^Content-Transfer-Encoding: base64/im.test(cabecalho);
      const texto = corpo.join('\n\n');
      return {
        // A subject with accents comes as encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=).
        assunto: assunto.replace(/=\?utf-8\?([QB])\?(.*?)\?=\s?/gi, (_, tipo: string, v: string) =>
          tipo.toUpperCase() === 'B' ? Buffer.from(v, 'base64').toString('utf8') : decodificarQp(v.replace(/_/g, ' ')),
        ),
        texto: base64 ? Buffer.from(texto, 'base64').toString('utf8') : decodificarQp(texto),
      };
    }),
  );
}

/**
 * The password-reset link of the last e-mail sent to `email`. Without SMTP the server writes each mail as
 * an .eml file under DATA_DIR/emails; the e2e scripts give that directory as E2E_DATA_DIR.
 */
export async function linkDeSenhaEnviado(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR não definida: os scripts de e2e devem passar o DATA_DIR do servidor');
  const pasta = path.join(dataDir, 'emails');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const arquivos = (await readdir(pasta).catch(() => [] as string[])).filter((a) => a.endsWith(`-${email}.eml`)).sort();
      const ultimo = arquivos.at(-1);
      if (!ultimo) return undefined;
      const texto = decodificarQp(await readFile(path.join(pasta, ultimo), 'utf8'));
      link = /https?:\/\/\S+\/redefinir-senha\/[\w-]+/.exec(texto)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}
