import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { COR_FUNDO, COR_TEMA, icones } from './build/icones.ts';
import { precomprimir } from './build/precomprimir.ts';

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    icones(),
    // Service worker (issue 17): our own sw/sw.ts with Workbox's precache; registered by src/app/pwa/registro.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        // The whole build: shell, hashed scripts and styles, icons (the compressed copies are the server's business).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        rollupFormat: 'iife',
      },
      manifest: {
        name: 'Intermédio — Painel',
        short_name: 'Intermédio',
        description: 'Painel das revendas e da administração do Intermédio',
        lang: 'pt-BR',
        dir: 'ltr',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: COR_TEMA,
        background_color: COR_FUNDO,
        icons: [
          { src: '/icons/icone-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icone-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icone-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Last: compresses what the others wrote (the worker and the manifest included).
    precomprimir(),
  ],
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
    // Every browser the panel supports has modulepreload; the polyfill only costs the sign-in page bytes.
    modulePreload: { polyfill: false },
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
