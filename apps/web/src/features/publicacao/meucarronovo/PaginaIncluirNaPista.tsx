import { CARACTERISTICAS_NAPISTA, type PostMeuCarroNovo, postMeuCarroNovo, type RascunhoMeuCarroNovo } from '@intermedio/contracts';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { LINHAS_CARACTERISTICAS, LINHAS_VEICULO, linhaAnuncio } from '../portais/linhasPortal';
import { type DefinicaoPortal, TelaPortal } from '../portais/TelaPortal';

/**
 * "Incluir veículo Na Pista" (spec 3 §2.4, §2.5, §3.9, §5): iCarros' shape — the ad type ("Anúncio") of the dealer's
 * current plan, required — plus the four feature checkboxes.
 */
const NAPISTA: DefinicaoPortal<RascunhoMeuCarroNovo, PostMeuCarroNovo> = {
  canal: 'meucarronovo',
  titulo: 'Incluir veículo Na Pista',
  esquema: postMeuCarroNovo,
  rotuloTexto: 'Observações',
  campos: {
    marca: 'idMarca',
    modelo: 'idModelo',
    versao: 'idVersao',
    placa: 'placa',
    km: 'quilometragem',
    preco: 'valor',
    texto: 'observacoes',
    combustivel: 'idCombustivel',
    cor: 'idCor',
    portas: 'idPortas',
    cambio: 'idCambio',
    opcionais: 'opcionais',
  },
  valoresIniciais: ({ veiculoPost: p }) => ({
    idTipoAnuncio: p.idTipoAnuncio,
    idMarca: p.idMarca,
    idModelo: p.idModelo,
    idVersao: p.idVersao,
    placa: p.placa,
    quilometragem: p.quilometragem,
    valor: p.valor,
    observacoes: p.observacoes,
    idCombustivel: p.idCombustivel,
    idCor: p.idCor,
    idPortas: p.idPortas,
    idCambio: p.idCambio,
    opcionais: p.opcionais,
    blindado: p.blindado,
    adaptadoPne: p.adaptadoPne,
    aceitaTroca: p.aceitaTroca,
    documentacaoEmDia: p.documentacaoEmDia,
  }),
  listas: (d) => ({
    marcas: d.retMarca,
    modelos: d.retModelo,
    versoes: d.retVersao,
    combustiveis: d.retCombustivel,
    cores: d.retCores,
    cambios: d.retTransmissao,
    opcionais: d.retOpcionais,
    portas: d.retPortas,
  }),
  placaEditavel: (d) => d.veiculoPost.veiculoUsado,
  linhas: (l, form, d) => [
    linhaAnuncio(form, 'idTipoAnuncio', d.retTiposAnuncio, 'Nenhum tipo de anúncio disponível no plano'),
    ...LINHAS_VEICULO.map((n) => l[n]),
    l.km,
    l.preco,
    l.texto,
    ...LINHAS_CARACTERISTICAS.map((n) => l[n]),
    {
      rotulo: 'Características',
      canal: (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
          {CARACTERISTICAS_NAPISTA.map((c) => (
            <Checkbox key={c.campo} label={c.rotulo} {...form.getInputProps(c.campo, { type: 'checkbox' })} />
          ))}
        </SimpleGrid>
      ),
    },
    l.opcionais,
  ],
};

export default function PaginaIncluirNaPista() {
  return <TelaPortal def={NAPISTA} />;
}
