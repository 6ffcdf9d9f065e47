import type { Antecessor, Tela } from '@/lib/telas';

/**
 * The screens above `tela`, outermost first, derived from the paths: cutting the path one segment at a time,
 * the first `<prefix>/listar` or `<prefix>` that is a screen is the parent (`/revenda/:id/usuarios/:u/alterar`
 * → `/revenda/:id/usuarios/listar` → `/revenda/listar`). A configuration screen's parent is its integrations list.
 * New screens get their trail with no extra code.
 */
export function trilhaDe(tela: Tela, telas: readonly Tela[]): Antecessor[] {
  const porCaminho = new Map(telas.map((t) => [t.caminho, t]));
  const trilha: Antecessor[] = [];
  let atual = tela;
  for (let pai = paiDe(atual, porCaminho); pai; pai = paiDe(atual, porCaminho)) {
    trilha.unshift({ caminho: pai.caminho, titulo: pai.titulo, regra: pai.regra });
    atual = pai;
  }
  return trilha;
}

function paiDe(tela: Tela, porCaminho: Map<string, Tela>): Tela | undefined {
  const segmentos = tela.caminho.split('/');
  const ultimo = segmentos.at(-1) ?? '';
  if (ultimo.startsWith('configurar-')) {
    const lista = porCaminho.get([...segmentos.slice(0, -1), 'integracao'].join('/'));
    if (lista) return lista;
  }
  for (let fim = segmentos.length - 1; fim > 1; fim--) {
    const prefixo = segmentos.slice(0, fim).join('/');
    for (const candidato of [`${prefixo}/listar`, prefixo]) {
      const pai = porCaminho.get(candidato);
      if (pai && pai !== tela) return pai;
    }
  }
  return undefined;
}
