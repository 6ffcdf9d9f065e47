import { MENSAGENS, MENSAGENS_INTEGRACAO } from '@intermedio/contracts';
import { Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { chamarIntegracao } from '../integracoes/api';
import { listarPaginas, type PaginaSocial } from './graph';
import { Aguarde, AutorizacaoNegada, Concluido, fecharJanela, usePreparoSocial, useRetorno } from './retorno';

/** Landing page of the Facebook authorisation popup, /integracao/configurar-facebook (spec 1 §2, §4, §8). */
export default function PaginaRetornoFacebook() {
  const retorno = useRetorno();
  return (
    <Stack>
      <Title order={1} size="h3">
        Configurar página do Facebook
      </Title>
      {retorno.ok ? <Configuracao token={retorno.token} idRevenda={retorno.idRevenda} /> : <AutorizacaoNegada canal="facebook" />}
    </Stack>
  );
}

type Preparo = { ok: true; paginas: PaginaSocial[] } | { ok: false; mensagem: string };

function Configuracao({ token, idRevenda }: { token: string; idRevenda: string }) {
  const { usuario } = useSessaoAtiva();
  const [concluido, setConcluido] = useState(false);
  const avisado = useRef(false);
  const { config, preparo } = usePreparoSocial('facebook', token, async (graphUrl): Promise<Preparo> => {
    const r = await chamarIntegracao('facebook', 'configurar', { id_revenda: idRevenda, access_token: token, usuario: usuario.id });
    if (!r.ok) return { ok: false, mensagem: MENSAGENS_INTEGRACAO.erroFacebook };
    try {
      return { ok: true, paginas: await listarPaginas(graphUrl, token) };
    } catch (erro) {
      console.error('Graph me/accounts', erro);
      return { ok: false, mensagem: MENSAGENS_INTEGRACAO.erroPaginasFacebook };
    }
  });

  // Failures of the configure call or of the page list: alert, then the window closes (spec 1 §8).
  const falha = preparo.data && !preparo.data.ok ? preparo.data.mensagem : null;
  useEffect(() => {
    if (!falha || avisado.current) return;
    avisado.current = true;
    window.alert(falha);
    fecharJanela();
  }, [falha]);

  const form = useForm({
    initialValues: { pagina: '' },
    validate: { pagina: (v) => (v ? null : MENSAGENS.preenchimentoObrigatorio) },
  });

  const gravar = useMutation({
    mutationFn: (p: PaginaSocial) =>
      chamarIntegracao('facebook', 'configurar-pagina', {
        id_revenda: idRevenda,
        page_id: p.id,
        page_name: p.name,
        page_access_token: p.access_token,
        usuario: usuario.id,
      }),
    // The success message and the closing happen whatever the answer (spec 1 §4: the server resets the status on failure).
    onSettled: () => {
      window.alert(MENSAGENS_INTEGRACAO.facebookConfigurado);
      setConcluido(true);
      fecharJanela();
    },
  });

  if (config.error) return <AlertaErro erro={config.error} tentarNovamente={() => void config.refetch()} />;
  if (concluido) return <Concluido mensagem={MENSAGENS_INTEGRACAO.facebookConfigurado} />;
  if (!preparo.data) return <Aguarde />;
  if (!preparo.data.ok) return <Text c="red.9">{preparo.data.mensagem}</Text>;

  const paginas = preparo.data.paginas;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ pagina }) => {
        const p = paginas.find((x) => x.id === pagina);
        if (p) gravar.mutate(p);
      })}
    >
      <Stack>
        <NativeSelect
          label="Página"
          withAsterisk
          data={[{ value: '', label: 'Selecione a página' }, ...paginas.map((p) => ({ value: p.id, label: p.name }))]}
          disabled={gravar.isPending}
          {...form.getInputProps('pagina')}
        />
        {paginas.length === 0 && (
          <Text size="sm" c="red.9">
            Nenhuma página do Facebook está disponível para esta conta.
          </Text>
        )}
        <Button type="submit" loading={gravar.isPending}>
          Gravar
        </Button>
      </Stack>
    </form>
  );
}
