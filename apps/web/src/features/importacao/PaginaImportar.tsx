import { importacao, importacaoUrlEntrada, MENSAGENS_IMPORTACAO } from '@intermedio/contracts';
import { Anchor, Button, FileInput, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconUpload, IconWorldDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { enviarComProgresso } from '@/lib/upload';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { guardar, urlImportacoes, useImportarUrl } from './api';
import { ImportacoesRecentes } from './ImportacoesRecentes';
import { recusaDeArquivo } from './rotulos';

/**
 * /revenda/:idRevenda/veiculos/importar (issue 27 item 1): the templates, a CSV / XLSX upload with progress or
 * another system's feed address, and the recent imports. Each new import opens its mapping step.
 */
export default function PaginaImportar() {
  const { idRevenda = '' } = useParams();
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  const { csrf } = useSessaoAtiva();
  const revenda = useRevenda(idRevenda);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [erroArquivo, setErroArquivo] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [erroUrl, setErroUrl] = useState<string | null>(null);
  const porUrl = useImportarUrl(idRevenda);
  const abrir = (id: string) => navegar(rotas.revenda.veiculos.importacao(idRevenda, id));

  const enviar = async (e: React.FormEvent) => {
    e.preventDefault();
    if (progresso !== null) return;
    const recusa = arquivo ? recusaDeArquivo(arquivo) : MENSAGENS_IMPORTACAO.arquivoInvalido;
    setErroArquivo(recusa);
    if (!arquivo || recusa) return;
    setProgresso(0);
    try {
      const i = await enviarComProgresso(urlImportacoes.arquivo(idRevenda), arquivo, {
        csrf,
        esquema: importacao,
        aoProgresso: setProgresso,
        campo: 'arquivo',
      });
      guardar(queryClient, idRevenda, i);
      abrir(i.id);
    } catch (falha) {
      setErroArquivo(mensagemDoErro(falha));
    } finally {
      setProgresso(null);
    }
  };

  const lerFeed = (e: React.FormEvent) => {
    e.preventDefault();
    const r = importacaoUrlEntrada.safeParse({ url });
    if (!r.success) {
      setErroUrl(r.error.issues[0]?.message ?? MENSAGENS_IMPORTACAO.urlInvalida);
      return;
    }
    setErroUrl(null);
    porUrl.mutate(r.data.url, { onSuccess: (i) => abrir(i.id) });
  };

  return (
    <Stack maw={960}>
      <div>
        <Title order={1}>{MENSAGENS_IMPORTACAO.titulo}</Title>
        {revenda.data && (
          <Text c="gray.7" size="sm">
            Revenda: {revenda.data.penome_fantasia}
          </Text>
        )}
      </div>
      <Paper withBorder p="md">
        <form noValidate onSubmit={(e) => void enviar(e)}>
          <Stack>
            <Title order={2} size="h4">
              Planilha
            </Title>
            <Text size="sm">
              Preencha o modelo (uma linha por veículo) ou envie a planilha do seu sistema: na etapa seguinte você escolhe a coluna de cada
              campo.
            </Text>
            <Group gap="md">
              <Anchor href={urlImportacoes.modelo(idRevenda, 'csv')} download>
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden />
                  {MENSAGENS_IMPORTACAO.baixarModeloCsv}
                </Group>
              </Anchor>
              <Anchor href={urlImportacoes.modelo(idRevenda, 'xlsx')} download>
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden />
                  {MENSAGENS_IMPORTACAO.baixarModeloXlsx}
                </Group>
              </Anchor>
            </Group>
            <FileInput
              label="Planilha (CSV ou XLSX)"
              placeholder="Escolher arquivo"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconUpload size={16} aria-hidden />}
              description="Até 10 MB e 5.000 veículos."
              value={arquivo}
              onChange={(a) => {
                setArquivo(a);
                setErroArquivo(a ? recusaDeArquivo(a) : null);
              }}
              disabled={progresso !== null}
              error={erroArquivo}
            />
            {progresso !== null && (
              <>
                <Progress value={progresso} animated aria-label="Enviando a planilha" />
                <Text size="sm" c="gray.7" aria-live="polite">
                  Enviando a planilha… {progresso}%
                </Text>
              </>
            )}
            <Group>
              <Button type="submit" loading={progresso !== null} leftSection={<IconUpload size={16} aria-hidden />}>
                Enviar planilha
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md">
        <form noValidate onSubmit={lerFeed}>
          <Stack>
            <Title order={2} size="h4">
              Feed de outro sistema
            </Title>
            <TextInput
              label="Endereço do feed (XML ou JSON)"
              placeholder="https://…"
              type="url"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={erroUrl}
            />
            {porUrl.error && <AlertaErro erro={porUrl.error} />}
            <Group>
              <Button type="submit" variant="default" loading={porUrl.isPending} leftSection={<IconWorldDownload size={16} aria-hidden />}>
                Ler feed
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ImportacoesRecentes idRevenda={idRevenda} />
    </Stack>
  );
}
