import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Carregando } from '@/ui/Carregando';
import { ehFalhaDeCarga, recuperarFalhaDeCarga } from './recuperar-carga';

type Situacao = 'recuperando' | 'sem-conexao' | 'falhou' | 'erro';

const TEXTOS: Record<Exclude<Situacao, 'recuperando'>, { titulo: string; texto: string }> = {
  'sem-conexao': {
    titulo: 'Sem conexão com o servidor',
    texto: 'Não foi possível carregar esta tela. Verifique sua conexão e clique em Recarregar.',
  },
  falhou: {
    titulo: 'Não foi possível carregar esta tela',
    texto: 'O painel pode ter sido atualizado. Clique em Recarregar para abrir a versão mais recente.',
  },
  erro: { titulo: 'Algo deu errado', texto: 'Não foi possível exibir esta página. Recarregue a página e tente novamente.' },
};

function MensagemDeErro({ comMain }: { comMain: boolean }) {
  const erro = useRouteError();
  const falhaDeCarga = ehFalhaDeCarga(erro);
  const [situacao, setSituacao] = useState<Situacao>(falhaDeCarga ? 'recuperando' : 'erro');
  useEffect(() => {
    if (!falhaDeCarga) return;
    let ativo = true;
    void recuperarFalhaDeCarga().then((s) => ativo && setSituacao(s));
    return () => {
      ativo = false;
    };
  }, [falhaDeCarga]);

  if (situacao === 'recuperando') return <Carregando rotulo="Carregando a versão mais recente..." />;
  // Technical details stay in the console (in English, from the browser); the user reads Portuguese only.
  if (situacao === 'erro' && !isRouteErrorResponse(erro)) console.error(erro);
  const { titulo, texto } = TEXTOS[situacao];
  return (
    <Container component={comMain ? 'main' : 'div'} size="sm" py="xl">
      <Stack>
        <Title order={1}>{titulo}</Title>
        <Alert color="red" variant="light">
          {texto}
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Recarregar
        </Button>
      </Stack>
    </Container>
  );
}

/** Last-resort page when the whole app fails (outside any layout). */
export function ErroDeRota() {
  return <MensagemDeErro comMain />;
}

/**
 * A screen that failed to load or render, inside its layout (the menu and Sair stay): a screen whose code is gone
 * after a deploy reloads once onto the new build; offline it says so, with "Recarregar".
 */
export function ErroDeTela() {
  return <MensagemDeErro comMain={false} />;
}
