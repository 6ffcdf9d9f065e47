import {
  bannerEntrada,
  CAMPO_TEXTO,
  MENSAGENS_PUBLICACAO,
  type MidiaPublicacao,
  type TipoPublicacao,
  vendidoEntrada,
} from '@intermedio/contracts';
import { Alert, Box, Button, Checkbox, FileInput, Group, Image, Paper, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMovie, IconUpload } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { semResposta } from '@/lib/api';
import { useSessaoAtiva } from '@/lib/sessao';
import { LIMITE_FOTO_TEXTO, recusaDeFoto } from '@/lib/upload';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { enviarMidia, useIncluirItemSocial } from './api';

export type DefinicaoFormulario = {
  tipo: TipoPublicacao;
  titulo: string;
  painel: string;
  rotuloTexto: string;
  /** Banners accept several files in the picker (only the first is uploaded); a sold item a single one. */
  varios: boolean;
  rotaLista: (idRevenda: string) => string;
};

type Valores = { imagem: MidiaPublicacao[]; texto: string; ig_stories: boolean; ig_feed: boolean; fb_feed: boolean };

/** Only image or video files are processed (spec 3 §2.6). */
const ehMidia = (f: File) => f.type.startsWith('image/') || f.type.startsWith('video/');

/**
 * Include form of a banner or sold item (spec 2 §2, §5; spec 3 §2.6): file picker with progress "Carregando imagem...",
 * preview (a placeholder for a video), the reseller's text block, the three targets on by default; Gravar disabled
 * while uploading or saving; afterwards back to the list whether it saved or not.
 */
export function FormularioPublicacao({ d }: { d: DefinicaoFormulario }) {
  const { idRevenda = '' } = useParams();
  const navigate = useNavigate();
  const { csrf } = useSessaoAtiva();
  const revenda = useRevenda(idRevenda);
  const incluir = useIncluirItemSocial(d.tipo, idRevenda);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [erroUpload, setErroUpload] = useState<string | null>(null);
  const esquema = d.tipo === 'banner' ? bannerEntrada : vendidoEntrada;
  const form = useForm<Valores>({
    initialValues: { imagem: [], texto: '', ig_stories: true, ig_feed: true, fb_feed: true },
    validate: (v) => {
      const r = zod4Resolver(esquema, { errorPriority: 'first' })({ ...v, [CAMPO_TEXTO[d.tipo]]: v.texto });
      const { [CAMPO_TEXTO[d.tipo]]: texto, ...outros } = r as Record<string, string>;
      return { ...outros, ...(texto ? { texto } : {}) };
    },
  });
  // The reseller's text block fills the field when it arrives, unless the user has already typed there.
  const preenchido = useRef(false);
  const { isTouched, setFieldValue } = form;
  useEffect(() => {
    if (preenchido.current || !revenda.data) return;
    preenchido.current = true;
    if (!isTouched('texto')) setFieldValue('texto', revenda.data[CAMPO_TEXTO[d.tipo]] ?? '');
  }, [revenda.data, d.tipo, isTouched, setFieldValue]);

  const enviando = progresso !== null;
  const lista = d.rotaLista(idRevenda);

  const escolher = async (escolha: File | File[] | null) => {
    setErroUpload(null);
    const arquivo = [escolha ?? []].flat().find(ehMidia);
    if (!arquivo) {
      if ([escolha ?? []].flat().length) setErroUpload('Escolha uma imagem ou um vídeo.');
      return;
    }
    // A file was chosen: "Preenchimento obrigatório" no longer applies, even while it uploads (issue 23 item 20).
    form.clearFieldError('imagem');
    const recusa = arquivo.type.startsWith('image/') ? recusaDeFoto(arquivo) : null;
    if (recusa) {
      setErroUpload(recusa);
      return;
    }
    setProgresso(0);
    try {
      const midia = await enviarMidia(d.tipo, idRevenda, arquivo, csrf, setProgresso);
      form.setFieldValue('imagem', [midia]);
      form.clearFieldError('imagem');
    } catch (e) {
      setErroUpload(mensagemDoErro(e));
    } finally {
      setProgresso(null);
    }
  };

  const salvar = (v: Valores) => {
    const { texto, ...resto } = v;
    incluir.mutate(
      { ...resto, [CAMPO_TEXTO[d.tipo]]: texto },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MENSAGENS_PUBLICACAO.incluido(d.tipo) });
          navigate(lista);
        },
        onError: (e) => {
          notifications.show({ color: 'red', message: `${MENSAGENS_PUBLICACAO.falhaIncluir(d.tipo)} ${mensagemDoErro(e)}` });
          // Spec: back to the list whether it succeeds or fails; with no answer from the server the form stays as typed.
          if (!semResposta(e)) navigate(lista);
        },
      },
    );
  };

  const midia = form.values.imagem[0];
  return (
    <Stack maw={760}>
      <div>
        <Title order={1}>{d.titulo}</Title>
        {revenda.data && (
          <Text c="gray.7" size="sm">
            Revenda: {revenda.data.penome_fantasia}
          </Text>
        )}
      </div>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(salvar)}>
          <Stack>
            <Title order={2} size="h4">
              {d.painel}
            </Title>
            <FileInput
              label={d.varios ? 'Imagens ou vídeo' : 'Imagem ou vídeo'}
              description={`Imagem ${LIMITE_FOTO_TEXTO} ou vídeo.${d.varios ? ' Você pode escolher vários arquivos; só o primeiro é enviado.' : ''}`}
              placeholder="Escolher arquivo"
              accept="image/*,video/mp4,video/quicktime,video/webm"
              multiple={d.varios}
              leftSection={<IconUpload size={16} aria-hidden />}
              onChange={(f) => void escolher(f)}
              disabled={enviando || incluir.isPending}
              withAsterisk
              error={form.errors.imagem}
              clearable={false}
            />
            {enviando && <Progress value={progresso} animated aria-label="Carregando imagem..." />}
            {enviando && (
              <Text size="sm" c="gray.7">
                Carregando imagem...
              </Text>
            )}
            {erroUpload && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {erroUpload}
              </Alert>
            )}
            {midia && (
              <Box>
                {midia.video && !midia.fileThumb ? (
                  <Box w={100} h={80} bg="gray.2" style={{ display: 'grid', placeItems: 'center' }} aria-label="Vídeo enviado" role="img">
                    <IconMovie aria-hidden />
                  </Box>
                ) : (
                  <Image
                    src={midia.fileThumb || midia.fileUrl}
                    alt={midia.video ? 'Miniatura do vídeo enviado' : 'Miniatura da imagem enviada'}
                    maw={100}
                    mah={80}
                    fit="contain"
                  />
                )}
              </Box>
            )}
            <Textarea label={d.rotuloTexto} rows={4} withAsterisk {...form.getInputProps('texto')} />
            <Group>
              <Checkbox label="Instagram stories" {...form.getInputProps('ig_stories', { type: 'checkbox' })} />
              <Checkbox label="Instagram feed" {...form.getInputProps('ig_feed', { type: 'checkbox' })} />
              <Checkbox label="Facebook feed" {...form.getInputProps('fb_feed', { type: 'checkbox' })} />
            </Group>
            <Group>
              <Button type="submit" loading={incluir.isPending} disabled={enviando || incluir.isPending}>
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
