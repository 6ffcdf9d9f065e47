import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // `/api` (JSON and the SSE stream /api/eventos, which the proxy streams as is) goes to the Fastify server;
    // for the browser everything stays same-origin, so the session cookie just works.
    proxy: { '/api': { target: API } },
  },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a new screen does not invalidate the browser's copy of React or Mantine.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-transition-group|react-remove-scroll|clsx)/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
