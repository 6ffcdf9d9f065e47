import type { UsuarioLogado } from '@intermedio/contracts';
import { Navigate, Outlet, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import type { Regra } from '@/lib/telas';

/** Whether `usuario` may open a screen with `regra` for reseller `idRevenda` (spec 1 §6, spec 2 §2). */
export function podeAcessar(usuario: UsuarioLogado, regra: Regra, idRevenda?: string): boolean {
  if (usuario.role === 'admin') return true;
  const daRevenda = !!idRevenda && usuario.revenda === idRevenda;
  switch (regra) {
    case 'autenticado':
      return true;
    case 'admin':
      return false;
    case 'revenda':
      return daRevenda;
    case 'gestorRevenda':
      return daRevenda && usuario.role === 'gestor';
  }
}

/** Layout route that lets its children render only for users allowed by `regra`; others go to /acesso-negado. */
export function Guarda({ regra }: { regra: Regra }) {
  const { usuario } = useSessaoAtiva();
  const { idRevenda } = useParams();
  return podeAcessar(usuario, regra, idRevenda) ? <Outlet /> : <Navigate to={rotas.acessoNegado()} replace />;
}
