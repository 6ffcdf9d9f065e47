import '@/app/estilos/base';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { criarQueryClient, Providers } from '@/app/providers';
import { criarRotas } from '@/app/router';

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Elemento #root ausente em index.html');

const queryClient = criarQueryClient();
const router = createBrowserRouter(criarRotas());

createRoot(raiz).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
