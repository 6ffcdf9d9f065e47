import type { CanalId } from '@intermedio/contracts';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { type DadosIntermedio, useRascunho } from '../api';
import { linhaImagens } from '../linhas';
import { type LinhaPublicacao, TelaPublicacao, useEnvio } from '../TelaPublicacao';
import { type CamposPortal, type FormPortal, type ListasPortal, type NomeLinhaPortal, useLinhasPortal } from './linhasPortal';

type Valores = Record<string, unknown>;
type Imagem = { fileUrl: string; fileThumb: string; fileName: string };
type RascunhoPortal = { imagens: Imagem[] };
type ComVeiculo<R> = R & { veiculo: DadosIntermedio };

/** What one portal's screen says about itself; everything else is shared by iCarros, Mobiauto and Na Pista. */
export type DefinicaoPortal<R, P extends Valores> = {
  canal: CanalId;
  titulo: string;
  esquema: z.ZodType;
  campos: CamposPortal;
  rotuloTexto: string;
  valoresIniciais: (d: R) => P;
  listas: (d: R) => ListasPortal;
  placaEditavel: (d: R) => boolean;
  /** The screen's rows in the spec's order: the shared ones by name plus the portal's own. */
  linhas: (comuns: Record<NomeLinhaPortal, LinhaPublicacao>, form: FormPortal<P>, d: R) => LinhaPublicacao[];
};

/** A portal's "Incluir" screen: loads the draft, then the form (spec 3 §2.1); the photos close the rows. */
export function TelaPortal<R extends RascunhoPortal, P extends Valores>({ def }: { def: DefinicaoPortal<R, P> }) {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<R>(def.canal, idVeiculo);
  if (!rascunho.data)
    return (
      <TelaPublicacao
        titulo={def.titulo}
        canal={def.canal}
        carregando
        erroCarga={rascunho.error}
        linhas={[]}
        onSubmit={(e) => e.preventDefault()}
        enviando={false}
        erroEnvio={null}
        invalido={false}
      />
    );
  return <FormularioPortal def={def} d={rascunho.data} idRevenda={idRevenda} idVeiculo={idVeiculo} />;
}

function FormularioPortal<R extends RascunhoPortal, P extends Valores>({
  def,
  d,
  idRevenda,
  idVeiculo,
}: {
  def: DefinicaoPortal<R, P>;
  d: ComVeiculo<R>;
  idRevenda: string;
  idVeiculo: string;
}) {
  const envio = useEnvio<P>(def.canal, idRevenda, idVeiculo);
  const form = useForm<P>({ initialValues: def.valoresIniciais(d), validate: zod4Resolver(def.esquema, { errorPriority: 'first' }) });
  const iniciais = def.valoresIniciais(d);
  const comuns = useLinhasPortal<P>({
    canal: def.canal,
    idVeiculo,
    form,
    campos: def.campos,
    listas: def.listas(d),
    inicial: { marca: String(iniciais[def.campos.marca] ?? ''), modelo: String(iniciais[def.campos.modelo] ?? '') },
    veiculo: d.veiculo,
    rotuloTexto: def.rotuloTexto,
    placaEditavel: def.placaEditavel(d),
  });
  return (
    <TelaPublicacao
      titulo={def.titulo}
      canal={def.canal}
      carregando={false}
      erroCarga={null}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form)}
      linhas={[...def.linhas(comuns, form, d), linhaImagens(d.imagens)]}
    />
  );
}
