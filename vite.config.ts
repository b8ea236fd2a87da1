import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { buildInfo } from './scripts/buildInfo.mjs';

export default defineConfig({
  plugins: [svelte()],
  define: { __BUILD_INFO__: JSON.stringify(buildInfo()) },
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  server: { host: '127.0.0.1' },
});
