import { expect, type Page } from '@playwright/test';
import pg from 'pg';

export const SENHA = 'demo1234';
export const CONTAS = {
  admin: 'admin@intermedio.test',
  gestorA: 'gestor@autodemo.test',
  clienteA: 'cliente@autodemo.test',
  inativoA: 'inativo@autodemo.test',
  gestorB: 'gestor@motosbasico.test',
} as const;

export async function entrar(page: Page, email: string, senha = SENHA) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acesso ao painel' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(senha);
  await page.getByRole('button', { name: 'Acessar' }).click();
}

/** Direct access to the e2e database (the server runs on a real PostgreSQL server, E2E_DATABASE_URL). */
export async function comBanco<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL não definida');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const idRevendaPorNome = (nome: string) =>
  comBanco(async (c) => (await c.query('select id from revendas where penome_fantasia = $1', [nome])).rows[0]?.id as string);
