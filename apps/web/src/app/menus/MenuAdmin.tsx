import { IconBuildingStore, IconChecklist, IconGift, IconInbox, IconLayoutDashboard, IconMapPin, IconTable } from '@tabler/icons-react';
import { rotas } from '@/lib/rotas';
import { ICONE, ItemMenu, ItemMenuDuplo, ItemSolicitacoes } from './itens';

/** Admin top menu (spec 1 §2). */
export function MenuAdmin({ solicitacoesUrl }: { solicitacoesUrl: string }) {
  return (
    <>
      <ItemMenu rotulo="Dashboard" icone={<IconLayoutDashboard {...ICONE} />} para={rotas.home()} />
      <ItemMenuDuplo
        rotulo="Revenda"
        icone={<IconBuildingStore {...ICONE} />}
        itens={[
          { rotulo: 'Listar', para: rotas.revendas.listar() },
          { rotulo: 'Incluir', para: rotas.revendas.incluir() },
        ]}
      />
      <ItemMenu rotulo="Revenda free" icone={<IconGift {...ICONE} />} para={rotas.revendas.listarFree()} />
      <ItemMenu rotulo="Leads" icone={<IconInbox {...ICONE} />} para={rotas.leads.listar()} />
      <ItemMenuDuplo
        rotulo="Opcionais"
        icone={<IconChecklist {...ICONE} />}
        itens={[
          { rotulo: 'Listar', para: rotas.opcionais.listar() },
          { rotulo: 'Incluir', para: rotas.opcionais.incluir() },
        ]}
      />
      <ItemMenuDuplo
        rotulo="Locais de anúncio"
        icone={<IconMapPin {...ICONE} />}
        itens={[
          { rotulo: 'Listar', para: rotas.locaisAnuncio.listar() },
          { rotulo: 'Incluir', para: rotas.locaisAnuncio.incluir() },
        ]}
      />
      <ItemSolicitacoes url={solicitacoesUrl} />
      <ItemMenuDuplo
        rotulo="FIPE"
        icone={<IconTable {...ICONE} />}
        itens={[
          { rotulo: 'Listar', para: rotas.fipe.listar() },
          { rotulo: 'Incluir', para: rotas.fipe.incluir() },
        ]}
      />
    </>
  );
}
