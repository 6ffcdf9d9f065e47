import {
  CORES_STATUS,
  MENSAGENS_REVENDA,
  PLANOS,
  RECURSOS,
  type Revenda,
  ROTULO_COR_STATUS,
  ROTULO_MOLDURA,
  ROTULO_PLANO,
  ROTULO_RECURSO,
  revendaEntrada,
  TIPOS_MOLDURA,
  UFS,
} from '@intermedio/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  FileButton,
  Group,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type ComponentProps, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api, semResposta } from '@/lib/api';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { CepInput, CpfCnpjInput, TelefoneInput } from '@/ui/MascaraInput';
import { MoedaInput } from '@/ui/MoedaInput';
import { useGravarRevenda } from './api';
import { enviarArquivo, lerComoDataUrl, URL_LOGOTIPO } from './upload';
import { errosMoldura, paraEntrada, type TipoMoldura, type ValoresRevenda, valoresIniciais } from './valores';

// The first problem of each field is shown (an empty e-mail is "Preenchimento obrigatório", not "E-mail inválido").
const validarContrato = zod4Resolver(revendaEntrada, { errorPriority: 'first' });
const OPCOES_UF = UFS.map((uf) => ({ value: uf, label: uf }));
const OPCOES_PLANO = PLANOS.map((p) => ({ value: p, label: ROTULO_PLANO[p] }));
const OPCOES_STATUS = CORES_STATUS.map((c) => ({ value: c, label: ROTULO_COR_STATUS[c] }));
/** Mantine's Select treats '' as "no value": the "no frame" option travels as `sem`. */
const SEM_MOLDURA = 'sem';
const OPCOES_MOLDURA = TIPOS_MOLDURA.map((t) => ({ value: t || SEM_MOLDURA, label: ROTULO_MOLDURA[t] }));

type Props = {
  /** Absent: include (/revenda/incluir). */
  revenda?: Revenda;
};

/**
 * Include / change reseller (spec 1 §2, §5). Validated with the contract's schema (the server's rules).
 * While saving the whole form is disabled; afterwards, saved or not, the user goes back to the list
 * (a gestor, who has no list, to its dashboard). Field errors from the server keep the form open instead,
 * so the typed data is not lost. A gestor sees the commercial fields read-only (the server ignores them).
 */
export function FormularioRevenda({ revenda }: Props) {
  const { usuario, csrf, planoBasico } = useSessaoAtiva();
  // Spec 1 §5: basico is always listed when changing; on include only for an admin whose empresa is ff.
  const opcoesPlano = revenda || planoBasico ? OPCOES_PLANO : OPCOES_PLANO.filter((o) => o.value !== 'basico');
  const admin = usuario.role === 'admin';
  const navigate = useNavigate();
  const gravar = useGravarRevenda(revenda?.id);
  const [progressoLogo, setProgressoLogo] = useState<number | null>(null);
  const [erroLogo, setErroLogo] = useState<string | null>(null);
  const [enviandoMoldura, setEnviandoMoldura] = useState<string | null>(null);
  const form = useForm<ValoresRevenda>({
    initialValues: valoresIniciais(revenda),
    validate: (v) => ({ ...errosMoldura(v), ...validarContrato(v as unknown as Record<string, unknown>) }),
  });

  // The admin lands on the list that holds the reseller: the basic plan has its own (issue 23 item 20).
  const voltarPara = () =>
    !admin ? rotas.painel() : form.getValues().plano === 'basico' ? rotas.revendas.listarFree() : rotas.revendas.listar();
  const salvando = gravar.isPending;
  const enviandoLogo = progressoLogo !== null;

  const salvar = (valores: ValoresRevenda) => {
    // Changing: the version read goes back (a newer save by someone else answers 409).
    gravar.mutate(revenda ? { ...paraEntrada(valores), versao: revenda.updated_at } : paraEntrada(valores), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MENSAGENS_REVENDA.gravada });
        navigate(voltarPara());
      },
      onError: (erro) => {
        notifications.show({ color: 'red', message: mensagemDoErro(erro) });
        if (erro instanceof ApiError && erro.campos && Object.keys(erro.campos).length > 0) {
          form.setErrors(erro.campos);
          return;
        }
        // Changed by someone else meanwhile, or no answer from the server: stay, keeping what was typed, with the message shown.
        if ((erro instanceof ApiError && erro.status === 409) || semResposta(erro)) return;
        navigate(voltarPara());
      },
    });
  };

  const enviarLogo = async (arquivo: File | null) => {
    if (!arquivo) return;
    setErroLogo(null);
    setProgressoLogo(0);
    try {
      // Changing a reseller: the logo goes to that reseller's folder (the server accepts only its own files).
      const url = revenda ? `${URL_LOGOTIPO}?revenda=${encodeURIComponent(revenda.id)}` : URL_LOGOTIPO;
      const r = await enviarArquivo(url, arquivo, csrf, setProgressoLogo);
      form.setFieldValue('logotipo', r.fileUrl);
    } catch (erro) {
      // Spec 1 §8: logo upload errors are only logged; the message is shown next to the button as well.
      console.error('Falha ao enviar o logotipo', erro);
      setErroLogo(mensagemDoErro(erro));
    } finally {
      setProgressoLogo(null);
    }
  };

  const enviarMoldura = async (arquivo: File | null, alvo: 'veiculo' | 'vendido') => {
    if (!arquivo) return;
    const campoImagem = alvo === 'veiculo' ? 'imagem_moldura_veiculo' : 'imagem_moldura_vendido';
    const v = form.getValues();
    setEnviandoMoldura(alvo);
    try {
      const r = await api.post<{ fileUrl: string }>('/api/file/upload-imagem-moldura', {
        // Including (no reseller yet): the server keeps it with the new clients' uploads, like the logo.
        id_revenda: revenda?.id ?? null,
        upload_preset: null,
        file: await lerComoDataUrl(arquivo),
        tipo_moldura: alvo === 'veiculo' ? v.tipo_moldura_veiculo : v.tipo_moldura_vendido,
        diretorio: alvo === 'veiculo' ? v.diretorio_veiculo : v.diretorio_vendido,
        imagem_moldura: v[campoImagem] || null,
      });
      form.setFieldValue(campoImagem, r.fileUrl);
    } catch (erro) {
      window.alert(mensagemDoErro(erro));
    } finally {
      setEnviandoMoldura(null);
    }
  };

  const tipoMolduraProps = (campo: 'tipo_moldura_veiculo' | 'tipo_moldura_vendido') => ({
    data: OPCOES_MOLDURA,
    value: form.values[campo] || SEM_MOLDURA,
    onChange: (valor: string | null) => form.setFieldValue(campo, (valor === SEM_MOLDURA || !valor ? '' : valor) as TipoMoldura),
    error: form.errors[campo],
    allowDeselect: false,
  });

  const blocoMoldura = (alvo: 'veiculo' | 'vendido') => {
    const sufixo = alvo === 'veiculo' ? 'veículos' : 'vendidos';
    const tipo = alvo === 'veiculo' ? form.values.tipo_moldura_veiculo : form.values.tipo_moldura_vendido;
    const campoImagem = alvo === 'veiculo' ? 'imagem_moldura_veiculo' : 'imagem_moldura_vendido';
    const campoTransf = alvo === 'veiculo' ? 'transformation' : 'transformation_vendidos';
    return (
      <Stack gap="sm">
        <Select
          label={`Tipo de moldura dos ${sufixo}`}
          {...tipoMolduraProps(alvo === 'veiculo' ? 'tipo_moldura_veiculo' : 'tipo_moldura_vendido')}
        />
        <TextInput
          label={`Diretório das imagens dos ${sufixo}`}
          withAsterisk={tipo === 'imagem_rodape'}
          {...form.getInputProps(alvo === 'veiculo' ? 'diretorio_veiculo' : 'diretorio_vendido')}
        />
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Imagem da moldura dos ${sufixo}`}
            withAsterisk={tipo === 'imagem_rodape'}
            {...form.getInputProps(campoImagem)}
          />
          <FileButton
            onChange={(f) => void enviarMoldura(f, alvo)}
            accept="image/png,image/jpeg,image/webp,image/gif"
            inputProps={{ 'data-testid': `arquivo-moldura-${alvo}` } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={enviandoMoldura === alvo}
                aria-label={`Enviar imagem da moldura dos ${sufixo}`}
              >
                Enviar imagem
              </Button>
            )}
          </FileButton>
        </Group>
        <Textarea
          label={`Transformação das imagens dos ${sufixo}`}
          withAsterisk={tipo === 'personalizada'}
          autosize
          minRows={2}
          {...form.getInputProps(campoTransf)}
        />
      </Stack>
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(salvar)}>
      <Stack>
        <Title order={1}>{revenda ? 'Alterar revenda' : 'Incluir revenda'}</Title>
        <Fieldset variant="unstyled" disabled={salvando} aria-busy={salvando}>
          <Stack>
            <Fieldset legend="Dados da loja">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nome do responsável" withAsterisk {...form.getInputProps('perazao_social_nome')} />
                <TextInput label="Nome da loja" withAsterisk {...form.getInputProps('penome_fantasia')} />
                <CpfCnpjInput label="CPF/CNPJ" {...form.getInputProps('pecpf_cnpj')} />
                <TextInput label="E-mail" type="email" withAsterisk {...form.getInputProps('peemail')} />
                <TextInput label="Inscrição estadual" {...form.getInputProps('peinscricaoestadual')} />
                <TextInput label="Inscrição municipal" {...form.getInputProps('peinscricaomunicipal')} />
                <TelefoneInput label="Telefone 1" {...form.getInputProps('petelefone1')} />
                <TelefoneInput label="Telefone 2" {...form.getInputProps('petelefone2')} />
                <TelefoneInput label="WhatsApp" {...form.getInputProps('petelefone3')} />
                <TextInput label="Site" placeholder="https://" {...form.getInputProps('pehomepage')} />
              </SimpleGrid>
              <Stack gap="xs" mt="md">
                <Text size="sm" fw={500}>
                  Logotipo
                </Text>
                {form.values.logotipo && (
                  <img
                    src={form.values.logotipo}
                    alt="Logotipo da revenda"
                    style={{ maxWidth: 180, maxHeight: 80, objectFit: 'contain', alignSelf: 'flex-start' }}
                  />
                )}
                <Group>
                  <FileButton onChange={(f) => void enviarLogo(f)} accept="image/png,image/jpeg,image/webp,image/gif">
                    {(props) => (
                      <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} disabled={enviandoLogo}>
                        {form.values.logotipo ? 'Trocar logotipo' : 'Enviar logotipo'}
                      </Button>
                    )}
                  </FileButton>
                  {form.values.logotipo && !enviandoLogo && (
                    <Button variant="subtle" color="red" onClick={() => form.setFieldValue('logotipo', '')}>
                      Remover logotipo
                    </Button>
                  )}
                </Group>
                {enviandoLogo && (
                  <Stack gap={4} maw={360}>
                    <Text size="sm">{MENSAGENS_REVENDA.carregandoImagem}</Text>
                    {/* Before the browser reports any progress the bar is full and animated (indeterminate). */}
                    <Progress value={progressoLogo || 100} animated aria-label={MENSAGENS_REVENDA.carregandoImagem} />
                  </Stack>
                )}
                {(erroLogo || form.errors.logotipo) && (
                  <Text size="sm" c="red.9">
                    {erroLogo ?? form.errors.logotipo}
                  </Text>
                )}
              </Stack>
            </Fieldset>

            <Fieldset legend="Endereço">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <CepInput label="CEP" {...form.getInputProps('pecep_fiscal')} />
                <TextInput label="Endereço" {...form.getInputProps('peendereco_fiscal')} />
                <TextInput
                  label="Número"
                  inputMode="numeric"
                  description="Gravado somente se for numérico"
                  {...form.getInputProps('peendereco_fiscal_numero')}
                />
                <TextInput label="Complemento" {...form.getInputProps('peendereco_fiscal_compl')} />
                <TextInput label="Bairro" {...form.getInputProps('pebairro_fiscal')} />
                <TextInput label="Cidade" {...form.getInputProps('pecidade')} />
                <Select label="UF" data={OPCOES_UF} searchable clearable placeholder="Selecione" {...form.getInputProps('peuf')} />
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend="Textos">
              <Stack>
                <Textarea label="Texto dos anúncios" autosize minRows={3} {...form.getInputProps('peblocotexto')} />
                <Textarea label="Texto dos vendidos" autosize minRows={2} {...form.getInputProps('peblocotextovendidos')} />
                <Textarea label="Texto dos banners" autosize minRows={2} {...form.getInputProps('peblocotextobanners')} />
              </Stack>
            </Fieldset>

            <Fieldset legend="Plano e recursos">
              {!admin && (
                <Text size="sm" c="gray.7" mb="sm">
                  Somente o administrador pode alterar estes dados.
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Plano"
                  withAsterisk
                  data={opcoesPlano}
                  placeholder="Selecione"
                  allowDeselect={false}
                  disabled={!admin}
                  {...form.getInputProps('plano')}
                />
                {admin && (
                  <Select label="Status" data={OPCOES_STATUS} placeholder="Sem status" clearable {...form.getInputProps('pestatus')} />
                )}
                <MoedaInput label="Mensalidade" disabled={!admin} {...form.getInputProps('pevalormensalidade')} />
                <NumberInput
                  label="Dia de vencimento"
                  min={1}
                  max={31}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  disabled={!admin}
                  {...form.getInputProps('pedatavencimento')}
                />
              </SimpleGrid>
              {/* Each checkbox holds its own flag (a Checkbox.Group would take over their checked state). */}
              <Fieldset legend="Recursos" variant="unstyled" mt="md">
                <Group>
                  {RECURSOS.map((r) => (
                    <Checkbox
                      key={r}
                      label={ROTULO_RECURSO[r]}
                      disabled={!admin}
                      {...form.getInputProps(`recursos.${r}`, { type: 'checkbox' })}
                    />
                  ))}
                </Group>
              </Fieldset>
              {admin && <Textarea label="Observações do administrador" autosize minRows={2} mt="md" {...form.getInputProps('peobsadm')} />}
            </Fieldset>

            <Fieldset legend="Site">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Horário de segunda a sexta" {...form.getInputProps('horario_seg_sex')} />
                <TextInput label="Horário de sábado" {...form.getInputProps('horario_sab')} />
                <TextInput label="Link do mapa" {...form.getInputProps('mapa_link')} />
                <TextInput label="Link do Instagram" {...form.getInputProps('instagram_link')} />
                <TextInput label="Link do Facebook" {...form.getInputProps('facebook_link')} />
              </SimpleGrid>
              <Textarea label="Texto sobre nós" autosize minRows={3} mt="md" {...form.getInputProps('texto_sobre_nos_site')} />
            </Fieldset>

            <Fieldset legend="Molduras">
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {blocoMoldura('veiculo')}
                {blocoMoldura('vendido')}
              </SimpleGrid>
              <Textarea label="Transformação dos vídeos" autosize minRows={2} mt="md" {...form.getInputProps('transformation_videos')} />
            </Fieldset>
          </Stack>
        </Fieldset>

        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            Corrija os campos destacados antes de gravar.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={salvando} disabled={enviandoLogo || enviandoMoldura !== null}>
            Gravar
          </Button>
          <Button component={Link} to={voltarPara()} variant="default" disabled={salvando}>
            Voltar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
