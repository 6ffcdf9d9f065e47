import { type PostFacebook, postFacebook, type RascunhoFacebook } from '@intermedio/contracts';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useRascunho } from '../api';
import { linhaDescricaoAnuncio, linhaImagens, linhasDoVeiculo } from '../linhas';
import { TelaPublicacao, useEnvio } from '../TelaPublicacao';

/** "Incluir carro Facebook" (spec 3 §2.4, §2.5, §5): description ≥ 20, link ≥ 10, the photos posted with it. */
export default function PaginaIncluirFacebook() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<RascunhoFacebook>('facebook', idVeiculo);
  const envio = useEnvio<PostFacebook>('facebook', idRevenda, idVeiculo);
  const form = useForm<PostFacebook>({
    initialValues: { face_descricao: '', face_link: '' },
    validate: zod4Resolver(postFacebook, { errorPriority: 'first' }),
  });
  const post = rascunho.data?.veiculoPost;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (post) form.setValues({ face_descricao: post.message, face_link: post.link });
  }, [post]);

  const v = rascunho.data?.veiculo;
  return (
    <TelaPublicacao
      titulo="Incluir carro Facebook"
      canal="facebook"
      carregando={!rascunho.data}
      erroCarga={rascunho.error}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form)}
      linhas={
        v && post
          ? [
              ...linhasDoVeiculo(v),
              linhaDescricaoAnuncio(form, 'face_descricao', v.observacao),
              {
                rotulo: 'Link anúncio',
                obrigatorio: true,
                canal: <TextInput aria-label="Link anúncio" required type="url" {...form.getInputProps('face_link')} />,
              },
              linhaImagens(post.images),
            ]
          : []
      }
    />
  );
}
