import '@/app/estilos/base';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { criarQueryClient, Providers } from '@/app/providers';
import { iniciarServiceWorker } from '@/app/pwa/registro';
import { criarRotas } from '@/app/router';
import { enviarSaidaPendente } from '@/lib/sessao';

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Elemento #root ausente em index.html');

iniciarServiceWorker();
void enviarSaidaPendente();
const queryClient = criarQueryClient();
const router = createBrowserRouter(criarRotas());

createRoot(raiz).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
