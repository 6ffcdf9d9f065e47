import {
  IconCar,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconPhoto,
  IconPlugConnected,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import { rotas } from '@/lib/rotas';
import { ICONE, ItemMenu, ItemSolicitacoes } from './itens';

/** Reseller (gestor) menu, scoped to the user's own reseller (spec 1 §2). */
export function MenuGestor({ idRevenda, solicitacoesUrl }: { idRevenda: string | null; solicitacoesUrl: string }) {
  return (
    <>
      <ItemMenu rotulo="Dashboard" icone={<IconLayoutDashboard {...ICONE} />} para={rotas.painel()} />
      {idRevenda && (
        <>
          <ItemMenu rotulo="Veículos" icone={<IconCar {...ICONE} />} para={rotas.revenda.veiculos.listar(idRevenda)} />
          <ItemMenu rotulo="Leads" icone={<IconInbox {...ICONE} />} para={rotas.revenda.leads.listar(idRevenda)} />
          <ItemMenu rotulo="Vendidos" icone={<IconTag {...ICONE} />} para={rotas.revenda.vendidos.listar(idRevenda)} />
          <ItemMenu rotulo="Banners" icone={<IconPhoto {...ICONE} />} para={rotas.revenda.banners.listar(idRevenda)} />
          <ItemMenu rotulo="Usuários" icone={<IconUsers {...ICONE} />} para={rotas.revenda.usuarios.listar(idRevenda)} />
          <ItemMenu rotulo="Integrações" icone={<IconPlugConnected {...ICONE} />} para={rotas.revenda.integracao(idRevenda)} />
          <ItemMenu rotulo="Histórico" icone={<IconHistory {...ICONE} />} para={rotas.revenda.veiculos.historico(idRevenda)} />
        </>
      )}
      <ItemSolicitacoes url={solicitacoesUrl} />
    </>
  );
}
