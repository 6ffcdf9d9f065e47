import type { CanalId } from '@intermedio/contracts';
import { MENSAGENS_PUBLICACAO_VEICULO as M } from '@intermedio/contracts';
import { Alert, Box, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEventHandler, Fragment, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROTULO_CANAL } from '@/lib/canais';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { useEnviarPublicacao } from './api';

/** One row of a publishing screen: label, the product's read-only value, the channel's (editable) value. */
export type LinhaPublicacao = {
  rotulo: string;
  intermedio?: ReactNode;
  canal: ReactNode;
  /** "* Campo obrigatório". */
  obrigatorio?: boolean;
  /** "* Dados devem ser alterados no aplicativo": the value comes from the vehicle and is changed there. */
  somenteLeitura?: boolean;
};

type Props = {
  titulo: string;
  /** The form's panel heading where the spec names one ("Integração Autoscar - Incluir veículo"). */
  painel?: string;
  canal: CanalId;
  carregando: boolean;
  erroCarga: unknown;
  linhas: LinhaPublicacao[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  enviando: boolean;
  erroEnvio: unknown;
  /** Set by the form's invalid handler: shows "Campos obrigatórios não preenchidos!". */
  invalido: boolean;
  /** The refused submit's messages, one per line under it (Olx and Mercado Livre, spec 3 §5). */
  mensagens?: string[];
};

/**
 * The screen every channel's publishing form uses (spec 3 §2.1): label / "Dados Intermédio" / "Dados {canal}" rows
 * (one column under 48em), busy indicator while loading or sending, a load error in a red alert instead of the form,
 * Voltar / Enviar both disabled while sending, submit errors in a red alert under the form, and the legends.
 */
export function TelaPublicacao({
  titulo,
  painel,
  canal,
  carregando,
  erroCarga,
  linhas,
  onSubmit,
  enviando,
  erroEnvio,
  invalido,
  mensagens,
}: Props) {
  const navigate = useNavigate();
  const nome = ROTULO_CANAL[canal];
  let corpo: ReactNode;
  if (erroCarga) corpo = <AlertaErro erro={erroCarga} />;
  else if (carregando) corpo = <Carregando rotulo={`Carregando dados do ${nome}...`} />;
  else
    corpo = (
      <form noValidate onSubmit={onSubmit} aria-label={titulo}>
        <Stack>
          {invalido && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {M.camposObrigatorios}
              {mensagens?.length ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
                  {mensagens.join('\n')}
                </Text>
              ) : null}
            </Alert>
          )}
          {/* A wide control (photo strip, option group) scrolls inside the form, never the page at 390 px. */}
          <Paper withBorder p="md" pos="relative" style={{ overflowX: 'auto' }}>
            {painel && (
              <Title order={2} size="h4" mb="sm">
                {painel}
              </Title>
            )}
            <LoadingOverlay visible={enviando} loaderProps={{ 'aria-label': `Enviando para ${nome}...` }} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="md">
              <Text fw={700} visibleFrom="sm">
                Campo
              </Text>
              <Text fw={700} visibleFrom="sm">
                Dados Intermédio
              </Text>
              <Text fw={700} visibleFrom="sm">
                Dados {nome}
              </Text>
              {linhas.map((l) => (
                <Fragment key={l.rotulo}>
                  <Text fw={600} size="sm" mt={{ base: 'md', sm: 0 }}>
                    {l.rotulo}
                    {(l.obrigatorio || l.somenteLeitura) && <span aria-hidden> *</span>}
                  </Text>
                  <Box>
                    <Text size="xs" c="gray.7" hiddenFrom="sm">
                      Dados Intermédio
                    </Text>
                    <Box fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {l.intermedio ?? ''}
                    </Box>
                  </Box>
                  <Box>
                    <Text size="xs" c="gray.7" hiddenFrom="sm">
                      Dados {nome}
                    </Text>
                    {l.canal}
                  </Box>
                </Fragment>
              ))}
            </SimpleGrid>
          </Paper>
          <Text size="sm" c="gray.7">
            {M.legendaSomenteLeitura}
            <br />
            {M.legendaObrigatorio}
          </Text>
          <Group>
            <Button variant="default" onClick={() => navigate(-1)} disabled={enviando}>
              Voltar
            </Button>
            <Button type="submit" disabled={enviando} loading={enviando}>
              Enviar
            </Button>
          </Group>
          {Boolean(erroEnvio) && <AlertaErro erro={erroEnvio} />}
        </Stack>
      </form>
    );
  return (
    <Stack maw={1100}>
      <Title order={1}>{titulo}</Title>
      {corpo}
    </Stack>
  );
}

/**
 * After a refused submit (spec 3 §5): the page goes back to the top, where "Campos obrigatórios não preenchidos!"
 * shows, and the focus rests on the form's first invalid field without scrolling to it. It runs after the render that
 * flags the fields (aria-invalid) and after the app-wide focus on the first invalid field (lib/foco-invalido), whose
 * focus() scrolled a field far down the form (Olx, Mercado Livre) back into view, over the alert.
 */
export function topoComFocoNoInvalido(form: HTMLFormElement | null) {
  setTimeout(() => {
    const campo = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (campo && !campo.contains(document.activeElement)) campo.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, 0);
}

/** The invalid-submit state of a screen: "Campos obrigatórios não preenchidos!" and back to the top (spec 3 §5). */
function useInvalido() {
  const [invalido, setInvalido] = useState(false);
  return {
    invalido,
    aoInvalido: (form: HTMLFormElement | null) => {
      setInvalido(true);
      topoComFocoNoInvalido(form);
    },
    aoValido: () => setInvalido(false),
  };
}

/**
 * A screen's send (spec 3 §5): the channel's `enviar` (or `alterar` with `idAnuncio`) and the invalid state.
 * `estado` goes to TelaPublicacao as is; `aoSubmeter` is the form's submit handler: a valid form sends its values (as
 * `post` turns them into the channel's post), an invalid one shows the alert with what `recusado` lists (Olx and
 * Mercado Livre name the refused fields).
 */
export function useEnvio<P>(canal: CanalId, idRevenda: string, idVeiculo: string, idAnuncio?: string) {
  const enviar = useEnviarPublicacao<P>(canal, idRevenda, idVeiculo, idAnuncio);
  const { invalido, aoInvalido, aoValido } = useInvalido();
  const [mensagens, setMensagens] = useState<string[]>([]);
  return {
    estado: { enviando: enviar.isPending, erroEnvio: enviar.error, invalido, mensagens },
    aoSubmeter: <V,>(
      form: Pick<UseFormReturnType<V>, 'onSubmit'>,
      { post = (valores) => valores as unknown as P, recusado }: { post?: (valores: V) => P; recusado?: () => string[] } = {},
    ) =>
      form.onSubmit(
        (valores) => {
          aoValido();
          setMensagens([]);
          enviar.mutate(post(valores as V));
        },
        (_erros, _valores, evento) => {
          setMensagens(recusado?.() ?? []);
          aoInvalido(evento?.currentTarget instanceof HTMLFormElement ? evento.currentTarget : null);
        },
      ),
  };
}
