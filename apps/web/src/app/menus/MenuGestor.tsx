import { rotas } from '@/lib/rotas';
import { ItemMenu, ItemSolicitacoes } from './itens';

/** Reseller (gestor) menu, scoped to the user's own reseller (spec 1 §2). */
export function MenuGestor({ idRevenda, solicitacoesUrl }: { idRevenda: string | null; solicitacoesUrl: string }) {
  return (
    <>
      <ItemMenu rotulo="Dashboard" para={rotas.painel()} />
      {idRevenda && (
        <>
          <ItemMenu rotulo="Veículos" para={rotas.revenda.veiculos.listar(idRevenda)} />
          <ItemMenu rotulo="Vendidos" para={rotas.revenda.vendidos.listar(idRevenda)} />
          <ItemMenu rotulo="Banners" para={rotas.revenda.banners.listar(idRevenda)} />
          <ItemMenu rotulo="Usuários" para={rotas.revenda.usuarios.listar(idRevenda)} />
          <ItemMenu rotulo="Integrações" para={rotas.revenda.integracao(idRevenda)} />
          <ItemMenu rotulo="Histórico" para={rotas.revenda.veiculos.historico(idRevenda)} />
        </>
      )}
      <ItemSolicitacoes url={solicitacoesUrl} />
    </>
  );
}
