import {
  type LinhaPrevia,
  MENSAGENS_IMPORTACAO,
  type OpcaoFipe,
  type PreviaImportacao,
  ROTULO_CAMPO_IMPORTACAO,
} from '@intermedio/contracts';
import { Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { formatarMoeda, formatarNumero } from '@/lib/formato';
import { ListaVirtual } from '@/ui/ListaVirtual';
import { errosDaLinha, precisaEscolha, seraIgnorada } from './rotulos';

const rotuloOpcao = (o: OpcaoFipe) => `${o.marca} ${o.modelo} ${o.versao} (${o.codigo})`;

type Props = {
  previa: PreviaImportacao;
  escolhas: Record<string, string>;
  aoEscolher: (numero: number, codigo: string | null) => void;
};

/** The preview's summary and rows: each row's plan, its errors with the field's label, duplicates and FIPE choices. */
export function Previa({ previa, escolhas, aoEscolher }: Props) {
  const { resumo } = previa;
  // The server counts an ambiguous row as ignorar until its choice; here it is counted apart (ambíguas).
  const ignorar = previa.linhas.filter(seraIgnorada).length;
  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Resumo da prévia" role="group">
        <Badge color="green" variant="light">{`${formatarNumero(resumo.criar)} a criar`}</Badge>
        <Badge color="blue" variant="light">{`${formatarNumero(resumo.atualizar)} a atualizar`}</Badge>
        <Badge color="gray" variant="light">{`${formatarNumero(ignorar)} a ignorar`}</Badge>
        <Badge
          color="yellow"
          variant="light"
        >{`${formatarNumero(resumo.ambiguas)} ${resumo.ambiguas === 1 ? 'ambígua' : 'ambíguas'}`}</Badge>
      </Group>
      <ListaVirtual
        itens={previa.linhas}
        chave={(l) => String(l.numero)}
        rotulo="Linhas da prévia"
        render={(l) => <LinhaDaPrevia linha={l} escolhida={escolhas[String(l.numero)] ?? null} aoEscolher={aoEscolher} />}
      />
    </Stack>
  );
}

function Plano({ linha }: { linha: LinhaPrevia }) {
  if (seraIgnorada(linha))
    return (
      <Badge color="gray" variant="light">
        Será ignorada
      </Badge>
    );
  if (linha.acao === 'atualizar' && linha.duplicado)
    return <Badge color="blue" variant="light" style={{ maxWidth: '100%' }}>{`Atualiza ${linha.duplicado.nome}`}</Badge>;
  if (linha.acao === 'atualizar')
    return (
      <Badge color="blue" variant="light">
        Atualiza
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Cria
    </Badge>
  );
}

function LinhaDaPrevia({
  linha,
  escolhida,
  aoEscolher,
}: {
  linha: LinhaPrevia;
  escolhida: string | null;
  aoEscolher: Props['aoEscolher'];
}) {
  // A pending FIPE choice shows its message on its Select, not twice.
  const erros = errosDaLinha(linha, precisaEscolha(linha));
  const ignorada = seraIgnorada(linha);
  const detalhes = [
    linha.placa && `Placa ${linha.placa}`,
    linha.codigo_interno && `Cód. ${linha.codigo_interno}`,
    linha.valor && formatarMoeda(linha.valor),
  ]
    .concat(linha.fotos ? [`${formatarNumero(linha.fotos)} ${linha.fotos === 1 ? 'foto' : 'fotos'}`] : [])
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder p="xs" mb={6} radius="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {`Linha ${linha.numero}: ${linha.veiculo || 'sem nome'}`}
          </Text>
          <Plano linha={linha} />
        </Group>
        {detalhes && (
          <Text size="xs" c="gray.7">
            {detalhes}
          </Text>
        )}
        {linha.fipe.estado === 'encontrado' && linha.fipe.escolhido && (
          <Text size="xs" c="gray.7">{`FIPE: ${rotuloOpcao(linha.fipe.escolhido)}`}</Text>
        )}
        {precisaEscolha(linha) && (
          <Select
            label={`Versão FIPE da linha ${linha.numero}`}
            placeholder="Escolha a versão"
            data={linha.fipe.opcoes.map((o) => ({ value: o.codigo, label: rotuloOpcao(o) }))}
            value={escolhida}
            onChange={(c) => aoEscolher(linha.numero, c)}
            required
            error={escolhida ? undefined : MENSAGENS_IMPORTACAO.escolhaVersao}
            maw={520}
          />
        )}
        {erros.length > 0 && (
          <ul aria-label={`Erros da linha ${linha.numero}`} style={{ margin: 0, paddingLeft: 18 }}>
            {erros.map((e) => (
              <li key={`${e.campo}-${e.mensagem}`}>
                <Text size="xs" c="red.9">{`${ROTULO_CAMPO_IMPORTACAO[e.campo]}: ${e.mensagem}`}</Text>
              </li>
            ))}
          </ul>
        )}
        {ignorada && erros.length > 0 && (
          <Text size="xs" c="gray.7">
            Linha com erros: será ignorada na importação (corrija a planilha e envie de novo para incluí-la).
          </Text>
        )}
        {linha.avisos.map((a) => (
          <Text key={a} size="xs" c="gray.8">
            {`Aviso: ${a}`}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
