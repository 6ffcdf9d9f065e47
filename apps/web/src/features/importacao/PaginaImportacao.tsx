import {
  type CampoImportacao,
  type Importacao,
  MENSAGENS_IMPORTACAO,
  type PreviaImportacao,
  ROTULO_ESTADO_IMPORTACAO,
} from '@intermedio/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatarNumero } from '@/lib/formato';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { Progresso, Relatorio } from './Andamento';
import { chavesImportacao, useConfirmar, useImportacao, usePrevia } from './api';
import { type Escolhas, Mapeamento, mapeamentoInicial } from './Mapeamento';
import { Previa } from './Previa';
import { COR_ESTADO, precisaEscolha, seraIgnorada } from './rotulos';

/**
 * /revenda/:idRevenda/veiculos/importar/:idImportacao (issue 27 item 1): a draft's mapping and preview, then the
 * job's live progress and the final report.
 */
export default function PaginaImportacao() {
  const { idRevenda = '', idImportacao = '' } = useParams();
  const consulta = useImportacao(idRevenda, idImportacao);
  const i = consulta.data;
  return (
    <Stack maw={960}>
      <div>
        <Title order={1}>{MENSAGENS_IMPORTACAO.titulo}</Title>
        {i && (
          <Group gap="xs">
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {`${i.nome} · ${formatarNumero(i.total_linhas)} ${i.total_linhas === 1 ? 'linha' : 'linhas'}`}
            </Text>
            <Badge color={COR_ESTADO[i.estado]} variant="light">
              {ROTULO_ESTADO_IMPORTACAO[i.estado]}
            </Badge>
          </Group>
        )}
      </div>
      {consulta.error && !i && <AlertaErro erro={consulta.error} tentarNovamente={() => void consulta.refetch()} />}
      {consulta.isPending && <Carregando />}
      {i?.estado === 'rascunho' && <Rascunho key={i.id} idRevenda={idRevenda} importacao={i} />}
      {i?.estado === 'importando' && <Progresso idRevenda={idRevenda} importacao={i} />}
      {(i?.estado === 'concluida' || i?.estado === 'falhou') && <Relatorio idRevenda={idRevenda} importacao={i} />}
    </Stack>
  );
}

/** Why Confirmar is disabled, or null. */
function impedimento(previa: PreviaImportacao, escolhas: Record<string, string>): string | null {
  const faltam = previa.linhas.filter((l) => precisaEscolha(l) && !escolhas[String(l.numero)]).length;
  if (faltam > 0)
    return faltam === 1
      ? 'Escolha a versão FIPE da linha ambígua antes de confirmar.'
      : `Escolha a versão FIPE das ${formatarNumero(faltam)} linhas ambíguas antes de confirmar.`;
  // The server plans an ambiguous row as ignorar until its version is chosen: it counts once chosen.
  if (previa.linhas.every(seraIgnorada)) return MENSAGENS_IMPORTACAO.semNada;
  return null;
}

/** Mapping → preview → confirm. A mapping changed after the preview sends the dealer back to preview it again. */
function Rascunho({ idRevenda, importacao }: { idRevenda: string; importacao: Importacao }) {
  const queryClient = useQueryClient();
  const [mapa, setMapa] = useState<Escolhas>(() => mapeamentoInicial(importacao));
  const [previa, setPrevia] = useState<PreviaImportacao | null>(null);
  const [escolhas, setEscolhas] = useState<Record<string, string>>({});
  const verPrevia = usePrevia(idRevenda, importacao.id);
  const confirmar = useConfirmar(idRevenda, importacao.id);
  const idMotivo = useId();

  const mudarCampo = (campo: CampoImportacao, coluna: string | null) => {
    setMapa((m) => ({ ...m, [campo]: coluna }));
    setPrevia(null);
  };
  const pedirPrevia = () =>
    verPrevia.mutate(mapa, {
      onSuccess: (p) => {
        setPrevia(p);
        setEscolhas({});
      },
    });
  const escolher = (numero: number, codigo: string | null) =>
    setEscolhas((e) => {
      const novo = { ...e };
      if (codigo) novo[String(numero)] = codigo;
      else delete novo[String(numero)];
      return novo;
    });
  const motivo = previa ? impedimento(previa, escolhas) : null;
  const enviarConfirmacao = () =>
    confirmar.mutate(
      { mapeamento: mapa, escolhas },
      // Already confirmed (another tab, a double click): the import's state tells what happened.
      { onError: () => void queryClient.invalidateQueries({ queryKey: chavesImportacao.importacao(idRevenda, importacao.id) }) },
    );

  if (!previa)
    return (
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            1. Colunas
          </Title>
          <Text size="sm">Escolha a coluna da planilha que preenche cada campo do painel. Campos sem coluna não são importados.</Text>
          <Mapeamento importacao={importacao} valor={mapa} aoMudar={mudarCampo} />
          {verPrevia.error && <AlertaErro erro={verPrevia.error} />}
          <Group>
            <Button onClick={pedirPrevia} loading={verPrevia.isPending} leftSection={<IconEye size={16} aria-hidden />}>
              Ver prévia
            </Button>
          </Group>
        </Stack>
      </Paper>
    );

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          2. Prévia
        </Title>
        <Text size="sm">
          Cada linha passa pelas mesmas regras do cadastro de veículo. Linhas com erro são ignoradas; as demais são criadas, ou atualizam o
          veículo de mesma placa ou código.
        </Text>
        <Previa previa={previa} escolhas={escolhas} aoEscolher={escolher} />
        {confirmar.error && <AlertaErro erro={confirmar.error} />}
        {motivo && (
          <Text id={idMotivo} size="sm" c="red.9" role="status">
            {motivo}
          </Text>
        )}
        <Group>
          <Button
            onClick={enviarConfirmacao}
            loading={confirmar.isPending}
            disabled={motivo !== null}
            aria-describedby={motivo ? idMotivo : undefined}
            leftSection={<IconCheck size={16} aria-hidden />}
          >
            Confirmar importação
          </Button>
          <Button variant="default" onClick={() => setPrevia(null)} leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Voltar às colunas
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
