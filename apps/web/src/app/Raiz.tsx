import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { DadosRota } from '@/lib/telas';
import { AvisosDoPainel } from './pwa/AvisosDoPainel';

/** Root route: keeps the document title in step with the current screen; the connection and new-version notices. */
export function Raiz() {
  const matches = useMatches();
  const titulo = matches.map((m) => (m.handle as DadosRota | undefined)?.titulo).findLast(Boolean);
  useEffect(() => {
    document.title = titulo ? `${titulo} | Intermédio` : 'Intermédio';
  }, [titulo]);
  return (
    <>
      <Outlet />
      <AvisosDoPainel />
    </>
  );
}
