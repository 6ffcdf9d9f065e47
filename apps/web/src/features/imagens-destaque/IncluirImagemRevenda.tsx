import { imagemRevenda, MENSAGENS, MENSAGENS_IMAGEM_REVENDA, type TipoImagemRevenda } from '@intermedio/contracts';
import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSessaoAtiva } from '@/lib/sessao';
import { enviarComProgresso, LIMITE_FOTO_TEXTO, recusaDeFoto } from '@/lib/upload';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { urlImagensRevenda, useInvalidarImagensRevenda } from './api';

export type DefinicaoIncluirImagem = {
  tipo: TipoImagemRevenda;
  titulo: string;
  rotulo: string;
  rotaLista: (idRevenda: string) => string;
};

/** Include form of a highlight image or site banner (admin): one file, upload progress, back to the list. */
export function IncluirImagemRevenda({ d }: { d: DefinicaoIncluirImagem }) {
  const { idRevenda = '' } = useParams();
  const navigate = useNavigate();
  const { csrf } = useSessaoAtiva();
  const invalidar = useInvalidarImagensRevenda(d.tipo, idRevenda);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const lista = d.rotaLista(idRevenda);

  const gravar = async (e: React.FormEvent) => {
    e.preventDefault();
    setErro(null);
    if (!arquivo) {
      setErro(MENSAGENS.preenchimentoObrigatorio);
      return;
    }
    const recusa = recusaDeFoto(arquivo);
    if (recusa) {
      setErro(recusa);
      return;
    }
    setProgresso(0);
    try {
      const incluida = await enviarComProgresso(urlImagensRevenda(d.tipo, idRevenda), arquivo, {
        csrf,
        esquema: imagemRevenda,
        aoProgresso: setProgresso,
      });
      await invalidar(incluida.id, 'INSERT');
      notifications.show({ color: 'green', message: MENSAGENS_IMAGEM_REVENDA.incluida });
      navigate(lista);
    } catch (falha) {
      setErro(mensagemDoErro(falha));
    } finally {
      setProgresso(null);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={1}>{d.titulo}</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={(e) => void gravar(e)}>
          <Stack>
            <FileInput
              label={d.rotulo}
              placeholder="Escolher arquivo"
              accept="image/jpeg,image/png,image/webp"
              leftSection={<IconUpload size={16} aria-hidden />}
              description={`JPEG, PNG ou WebP ${LIMITE_FOTO_TEXTO}.`}
              value={arquivo}
              onChange={(a) => {
                setArquivo(a);
                // Too large for the server: said at once, not after choosing Gravar.
                setErro(a ? recusaDeFoto(a) : null);
              }}
              withAsterisk
              disabled={progresso !== null}
              error={erro === MENSAGENS.preenchimentoObrigatorio ? erro : undefined}
            />
            {progresso !== null && (
              <>
                <Progress value={progresso} animated aria-label="Carregando imagem..." />
                <Text size="sm" c="gray.7">
                  Carregando imagem...
                </Text>
              </>
            )}
            {erro && erro !== MENSAGENS.preenchimentoObrigatorio && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {erro}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={progresso !== null}>
                Gravar
              </Button>
              <Button component={Link} to={lista} variant="default">
                Voltar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
