import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './build/precomprimir.ts';

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precomprimir()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // `/api` (JSON and the SSE stream /api/eventos, which the proxy streams as is) goes to the Fastify server;
    // for the browser everything stays same-origin, so the session cookie just works.
    proxy: { '/api': { target: API } },
  },
  build: {
    // No source maps in the production build: nothing to serve by mistake (issue 15).
    sourcemap: false,
    rolldownOptions: {
      // Contract schemas are plain values built with zod: a screen keeps only those it uses (the sign-in page
      // does not carry the vehicle form's schemas).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // React and the router are on every screen: one long-lived chunk. Everything else (Mantine included) is
        // split by use, so a screen downloads only the components it renders (issue 15: first-load budgets).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 }],
        },
      },
    },
  },
});
