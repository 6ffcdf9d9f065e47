import type { BuscarVersoesEntrada } from '@intermedio/contracts';
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useItensCatalogo } from '@/features/opcionais/catalogo/api';
import { OPCIONAIS } from '@/features/opcionais/definicao';
import { ApiError } from '@/lib/api';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type LocalComVersoes, useBuscarVersoes, useLocaisDaRevenda } from './api';
import type { FormVeiculo } from './valores';

type Form = FormVeiculo;

/** The optionals catalogue as checkboxes (the server stores each chosen one with its description and order). */
export function CamposOpcionais({ form }: { form: Form }) {
  const catalogo = useItensCatalogo(OPCIONAIS);
  if (catalogo.error && !catalogo.data) return <AlertaErro erro={catalogo.error} tentarNovamente={() => void catalogo.refetch()} />;
  if (!catalogo.data) return <Carregando />;
  if (catalogo.data.length === 0) return <Text c="gray.7">Nenhum opcional cadastrado.</Text>;
  return (
    <Checkbox.Group label="Opcionais" value={form.values.opcionais} onChange={(ids) => form.setFieldValue('opcionais', ids)}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
        {catalogo.data.map((o) => (
          <Checkbox key={o.id} value={o.id} label={o.descricao} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/**
 * The reseller's ad locations: a checkbox each; "Buscar versões" asks the server
 * (POST /api/locais-anuncio/buscar-versoes) which versions each chosen location offers for this vehicle, and
 * a location that needs one (selecionaVersao) gets a version list.
 */
export function CamposLocaisAnuncio({ form, idRevenda }: { form: Form; idRevenda: string }) {
  const locais = useLocaisDaRevenda(idRevenda);
  const buscar = useBuscarVersoes();
  const [versoes, setVersoes] = useState<Record<string, LocalComVersoes>>({});
  const v = form.values;
  // The server may not offer the reseller's list of locations (404): say so instead of an error.
  if (locais.error instanceof ApiError && locais.error.status === 404)
    return <Text c="gray.7">Os locais de anúncio da revenda não estão disponíveis.</Text>;
  if (locais.error && !locais.data) return <AlertaErro erro={locais.error} tentarNovamente={() => void locais.refetch()} />;
  if (!locais.data) return <Carregando />;
  if (locais.data.length === 0) return <Text c="gray.7">A revenda não tem locais de anúncio.</Text>;

  const escolhido = (id: string) => v.locais_anuncio.find((l) => l.id === id);
  const alternar = (id: string, marcado: boolean) => {
    const resto = v.locais_anuncio.filter((l) => l.id !== id);
    form.setFieldValue(
      'locais_anuncio',
      marcado ? [...resto, { id, codigoMarca: null, codigoModelo: null, codigoVersao: null, versao: null }] : resto,
    );
  };
  /** The name of a version the location offers (kept with its code, so the form and the view show it). */
  const nomeDaVersao = (r: LocalComVersoes | undefined, codigo: string | null) =>
    (codigo && r?.versoes.find((x) => x.codigo_versao === codigo)?.versao) || null;
  const escolherVersao = (id: string, codigoVersao: string | null) =>
    form.setFieldValue(
      'locais_anuncio',
      v.locais_anuncio.map((l) => {
        if (l.id !== id) return l;
        const r = versoes[id];
        return {
          ...l,
          codigoMarca: r?.codigoMarca ?? l.codigoMarca,
          codigoModelo: r?.codigoModelo ?? l.codigoModelo,
          codigoVersao,
          versao: nomeDaVersao(r, codigoVersao),
        };
      }),
    );
  const podeBuscar = !!(v.vefipe_marca && v.ve_modelo && v.veano_fabricacao && v.vefipe_ano_modelo) && v.locais_anuncio.length > 0;

  const buscarVersoes = () =>
    buscar.mutate(
      {
        revenda: idRevenda,
        veiculo: {
          vetipoveiculo: v.vetipoveiculo as BuscarVersoesEntrada['veiculo']['vetipoveiculo'],
          vefipe_marca: v.vefipe_marca,
          vefipe_name: `${v.ve_modelo} ${v.ve_versao}`.trim(),
          ve_modelo: v.ve_modelo,
          ve_versao: v.ve_versao,
          veano_fabricacao: v.veano_fabricacao,
          vefipe_ano_modelo: v.vefipe_ano_modelo,
        },
        locais_anuncio: v.locais_anuncio.map(({ id }) => ({ id })),
      },
      {
        onSuccess: (resposta) => {
          setVersoes(Object.fromEntries(resposta.map((r) => [r.id, r])));
          // The server preselects the version whose name is the vehicle's: a location without a version chosen takes it.
          const porId = new Map(resposta.map((r) => [r.id, r]));
          form.setFieldValue('locais_anuncio', (atuais) =>
            atuais.map((l) => {
              const r = porId.get(l.id);
              if (r?.codigoVersao && !l.codigoVersao)
                return {
                  ...l,
                  codigoMarca: r.codigoMarca ?? null,
                  codigoModelo: r.codigoModelo ?? null,
                  codigoVersao: r.codigoVersao,
                  versao: nomeDaVersao(r, r.codigoVersao),
                };
              // A version saved before its name was stored gets the name from the list.
              return r && l.codigoVersao && !l.versao ? { ...l, versao: nomeDaVersao(r, l.codigoVersao) } : l;
            }),
          );
        },
      },
    );

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {locais.data.map((local) => {
          const atual = escolhido(local.id);
          const opcoes = versoes[local.id]?.versoes ?? [];
          const precisa = versoes[local.id]?.selecionaVersao === true || !!atual?.codigoVersao;
          return (
            <Stack key={local.id} gap={4}>
              <Checkbox label={local.descricao} checked={!!atual} onChange={(e) => alternar(local.id, e.currentTarget.checked)} />
              {atual && precisa && (
                <Select
                  label={`Versão em ${local.descricao}`}
                  data={
                    opcoes.length > 0
                      ? opcoes.map((x) => ({ value: x.codigo_versao, label: x.versao }))
                      : atual.codigoVersao
                        ? [{ value: atual.codigoVersao, label: atual.versao ?? atual.codigoVersao }]
                        : []
                  }
                  value={atual.codigoVersao}
                  onChange={(codigo) => escolherVersao(local.id, codigo)}
                  placeholder={opcoes.length === 0 ? 'Use "Buscar versões"' : 'Escolha a versão'}
                  searchable
                  clearable
                />
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      <Group>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconSearch size={14} aria-hidden />}
          onClick={buscarVersoes}
          loading={buscar.isPending}
          disabled={!podeBuscar}
        >
          Buscar versões
        </Button>
        {!podeBuscar && (
          <Text size="xs" c="gray.7">
            Escolha os locais e preencha marca, modelo e anos para buscar as versões.
          </Text>
        )}
      </Group>
      {buscar.error && (
        <Alert color="red" variant="light">
          {mensagemDoErro(buscar.error)}
        </Alert>
      )}
    </Stack>
  );
}
