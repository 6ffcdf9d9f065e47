import { type PostInstagram, postInstagram, type RascunhoInstagram } from '@intermedio/contracts';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useRascunho } from '../api';
import { linhaDescricaoAnuncio, linhaImagens, linhasDoVeiculo } from '../linhas';
import { TelaPublicacao, useEnvio } from '../TelaPublicacao';

/** "Incluir carro Instagram" (spec 3 §2.4, §2.5, §5): description ≥ 20; the photos go as a carousel (up to 10). */
export default function PaginaIncluirInstagram() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<RascunhoInstagram>('instagram', idVeiculo);
  const envio = useEnvio<PostInstagram>('instagram', idRevenda, idVeiculo);
  const form = useForm<PostInstagram>({
    initialValues: { ig_descricao: '' },
    validate: zod4Resolver(postInstagram, { errorPriority: 'first' }),
  });
  const mensagem = rascunho.data?.message;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (mensagem !== undefined) form.setValues({ ig_descricao: mensagem });
  }, [mensagem]);

  const d = rascunho.data;
  return (
    <TelaPublicacao
      titulo="Incluir carro Instagram"
      canal="instagram"
      carregando={!d}
      erroCarga={rascunho.error}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form)}
      linhas={
        d ? [...linhasDoVeiculo(d.veiculo), linhaDescricaoAnuncio(form, 'ig_descricao', d.veiculo.observacao), linhaImagens(d.images)] : []
      }
    />
  );
}
