import { rotas } from '@/lib/rotas';
import { ItemMenu, ItemMenuDuplo, ItemSolicitacoes } from './itens';

/** Admin top menu (spec 1 §2). */
export function MenuAdmin({ solicitacoesUrl }: { solicitacoesUrl: string }) {
  return (
    <>
      <ItemMenu rotulo="Dashboard" para={rotas.home()} />
      <ItemMenuDuplo
        rotulo="Revenda"
        itens={[
          { rotulo: 'Listar', para: rotas.revendas.listar() },
          { rotulo: 'Incluir', para: rotas.revendas.incluir() },
        ]}
      />
      <ItemMenu rotulo="Revenda free" para={rotas.revendas.listarFree()} />
      <ItemMenuDuplo
        rotulo="Opcionais"
        itens={[
          { rotulo: 'Listar', para: rotas.opcionais.listar() },
          { rotulo: 'Incluir', para: rotas.opcionais.incluir() },
        ]}
      />
      <ItemMenuDuplo
        rotulo="Locais de anúncio"
        itens={[
          { rotulo: 'Listar', para: rotas.locaisAnuncio.listar() },
          { rotulo: 'Incluir', para: rotas.locaisAnuncio.incluir() },
        ]}
      />
      <ItemSolicitacoes url={solicitacoesUrl} />
      <ItemMenuDuplo
        rotulo="FIPE"
        itens={[
          { rotulo: 'Listar', para: rotas.fipe.listar() },
          { rotulo: 'Incluir', para: rotas.fipe.incluir() },
        ]}
      />
    </>
  );
}
