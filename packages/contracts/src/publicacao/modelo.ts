import { ROTULO_CAMBIO, ROTULO_COMBUSTIVEL } from '../veiculo.ts';
import type { CampoModelo } from './padroes.ts';

/** The vehicle's data a title or description template reads (a subset of the server's VeiculoParaCanal). */
export type DadosModelo = {
  marca: string;
  modelo: string;
  versao: string;
  anoFabricacao: number | null;
  anoModelo: number | null;
  km: number;
  /** Price in reais. */
  valor: number;
  cor: string;
  combustivel: string;
  cambio: string;
  observacao: string;
};

const moeda = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
// Intl separates "R$" with a no-break space; channels get a plain one.
const semNbsp = (t: string) => t.replace(/\u00a0/g, ' ');

/** "2022/2023", or one year when both are the same or one is unknown. */
const anos = (d: DadosModelo) => [...new Set([d.anoFabricacao, d.anoModelo].filter((a): a is number => a !== null))].join('/');

const VALORES: Record<CampoModelo, (d: DadosModelo) => string> = {
  marca: (d) => d.marca,
  modelo: (d) => d.modelo,
  versao: (d) => d.versao,
  ano: anos,
  km: (d) => `${inteiro.format(d.km)} km`,
  preco: (d) => semNbsp(moeda.format(d.valor)),
  cor: (d) => d.cor,
  combustivel: (d) => ROTULO_COMBUSTIVEL[d.combustivel as keyof typeof ROTULO_COMBUSTIVEL] ?? d.combustivel,
  cambio: (d) => ROTULO_CAMBIO[d.cambio as keyof typeof ROTULO_CAMBIO] ?? d.cambio,
  observacao: (d) => d.observacao,
};

/**
 * A title or description template of the "Padrões de publicação" filled with the vehicle's data, in Brazilian
 * formats ({preco} "R$ 89.900,00", {km} "45.000 km", {ano} "2022/2023"). A placeholder the template does not know
 * ("{motor}", a typo) stays as written, so the dealer sees the mistake in the advert's preview instead of a blank.
 * Spaces left by an empty field are trimmed at the end of each line. Pure.
 */
export function renderizarModelo(modelo: string, d: DadosModelo): string {
  const preenchido = modelo.replace(/\{\s*([a-z_]+)\s*\}/gi, (inteira, nome: string) => {
    const valor = VALORES[nome.toLowerCase() as CampoModelo];
    return valor ? valor(d).trim() : inteira;
  });
  return preenchido
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''))
    .join('\n')
    .trim();
}
