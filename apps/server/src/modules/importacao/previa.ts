import {
  type AcaoLinhaImportacao,
  type CampoImportacao,
  type LinhaPrevia,
  MENSAGENS_IMPORTACAO as M,
  type MapeamentoImportacao,
  type PreviaImportacao,
  type TipoVeiculo,
  type VeiculoValidado,
} from '@intermedio/contracts';
import { casarOpcional } from '../../canais/mapeamento.ts';
import type { Db } from '../../db/cliente.ts';
import { opcionais } from '../../db/schema/index.ts';
import type { VeiculoRegistro } from '../veiculos/veiculos.repository.ts';
import { entradaDosValores, entradaDoVeiculo, nomesDeOpcionais, urlsDeFotos, validar, valoresDaLinha } from './converter.ts';
import type { criarCasadorFipe } from './fipe-casar.ts';
import { importacaoRepository as repo } from './importacao.repository.ts';

/** What the job needs of a previewed row (stored at confirm): the validated vehicle, the target, the photos. */
export type PlanoLinha = LinhaPrevia & { dados: VeiculoValidado | null; veiculo_id: string | null; urls: string[] };

const MAX_FOTOS = 40;
const placaDe = (t: string | undefined) => (t ?? '').replace(/[\s-]/g, '').toUpperCase();

/**
 * The preview (and the plan the confirm stores): each row converted and validated with the form's schema, matched
 * against FIPE, its optionals against the catalogue, and checked for duplicates (the reseller's non-removed vehicles
 * by plate or internal code → atualizar; an earlier row of the same file → ignorar). Rules: docs/importacao.md.
 */
export async function planejar(
  db: Db,
  casar: ReturnType<typeof criarCasadorFipe>,
  p: { idRevenda: string; linhas: Record<string, string>[]; mapeamento: MapeamentoImportacao; escolhas?: Record<string, string> },
): Promise<PlanoLinha[]> {
  const valores = p.linhas.map((l) => valoresDaLinha(l, p.mapeamento));
  const placas = [...new Set(valores.map((v) => placaDe(v.placa)).filter(Boolean))];
  const codigos = [...new Set(valores.map((v) => v.codigo_interno ?? '').filter(Boolean))];
  const existentes = await repo.duplicados(db, p.idRevenda, placas, codigos);
  const porPlaca = new Map<string, VeiculoRegistro>();
  const porCodigo = new Map<string, VeiculoRegistro>();
  for (const v of existentes) {
    if (v.veiplaca && !porPlaca.has(v.veiplaca)) porPlaca.set(v.veiplaca, v);
    if (v.vecodigo_interno && !porCodigo.has(v.vecodigo_interno)) porCodigo.set(v.vecodigo_interno, v);
  }
  const catalogo = (await db.select({ id: opcionais.id, nome: opcionais.descricao }).from(opcionais)).map((o) => ({ ...o }));
  const vistosPlaca = new Map<string, number>();
  const vistosCodigo = new Map<string, number>();
  const planos: PlanoLinha[] = [];

  for (const [i, v] of valores.entries()) {
    const numero = i + 1;
    const erros: { campo: CampoImportacao; mensagem: string }[] = [];
    const avisos: string[] = [];
    const placa = placaDe(v.placa);
    const codigo = v.codigo_interno ?? '';
    const existente = (placa && porPlaca.get(placa)) || (codigo && porCodigo.get(codigo)) || null;
    const repetida = (placa && vistosPlaca.get(placa)) || (codigo && vistosCodigo.get(codigo)) || 0;
    if (placa && !vistosPlaca.has(placa)) vistosPlaca.set(placa, numero);
    if (codigo && !vistosCodigo.has(codigo)) vistosCodigo.set(codigo, numero);

    const entrada = entradaDosValores(v, existente ? entradaDoVeiculo(existente) : {});
    const ids: string[] = [];
    if (v.opcionais !== undefined) {
      for (const nome of nomesDeOpcionais(v.opcionais)) {
        const o = casarOpcional(catalogo, nome);
        if (o) {
          if (!ids.includes(o.id)) ids.push(o.id);
        } else avisos.push(M.opcionalDesconhecido(nome));
      }
      entrada.opcionais = ids;
    }
    const urls = urlsDeFotos(v.fotos ?? '').slice(0, MAX_FOTOS);

    const tipo = (typeof entrada.vetipoveiculo === 'string' ? entrada.vetipoveiculo : 'carro') as TipoVeiculo;
    const ano = Number(entrada.vefipe_ano_modelo);
    const marca = String(entrada.vefipe_marca ?? '');
    const modelo = String(entrada.ve_modelo ?? '');
    const versao = String(entrada.ve_versao ?? '');
    let fipe: LinhaPrevia['fipe'] = { estado: 'nao_encontrado', escolhido: null, opcoes: [] };
    if (marca && modelo && Number.isInteger(ano)) {
      fipe = await casar({ tipo, marca, modelo, versao, ano, codigoFipe: v.codigo_fipe, escolha: p.escolhas?.[String(numero)] });
      if (fipe.escolhido) {
        entrada.vefipe_marca = fipe.escolhido.marca;
        entrada.ve_modelo = fipe.escolhido.modelo;
        entrada.ve_versao = fipe.escolhido.versao;
        if (/^\d{6}-\d$/.test(fipe.escolhido.codigo)) entrada.vefipe_codigo = fipe.escolhido.codigo;
      }
    }
    if (fipe.estado === 'nao_encontrado' && marca && modelo) avisos.push(M.versaoNaoEncontrada);

    const r = validar(entrada);
    if (!r.ok) erros.push(...r.erros);
    if (fipe.estado === 'ambiguo' && !erros.some((e) => e.campo === 'versao')) erros.push({ campo: 'versao', mensagem: M.escolhaVersao });
    if (repetida)
      erros.unshift({
        campo: placa && vistosPlaca.get(placa) === repetida ? 'placa' : 'codigo_interno',
        mensagem: M.duplicadoArquivo(repetida),
      });

    const acao: AcaoLinhaImportacao = erros.length ? 'ignorar' : existente ? 'atualizar' : 'criar';
    planos.push({
      numero,
      acao,
      veiculo: [marca, modelo, versao, entrada.vefipe_ano_modelo ?? ''].map(String).filter(Boolean).join(' '),
      placa,
      codigo_interno: codigo,
      valor: r.ok ? r.dados.vevalor : (v.valor ?? null),
      erros,
      avisos,
      fipe,
      duplicado: existente ? { id: existente.id, nome: `${existente.vefipe_marca} ${existente.vefipe_name}` } : null,
      fotos: urls.length,
      dados: r.ok ? r.dados : null,
      veiculo_id: existente?.id ?? null,
      urls,
    });
  }
  return planos;
}

export function resumoDaPrevia(planos: PlanoLinha[]): PreviaImportacao {
  const linhas: LinhaPrevia[] = planos.map(({ dados: _d, veiculo_id: _v, urls: _u, ...l }) => l);
  return {
    linhas,
    resumo: {
      criar: linhas.filter((l) => l.acao === 'criar').length,
      atualizar: linhas.filter((l) => l.acao === 'atualizar').length,
      ignorar: linhas.filter((l) => l.acao === 'ignorar').length,
      ambiguas: linhas.filter((l) => l.fipe.estado === 'ambiguo').length,
    },
  };
}
