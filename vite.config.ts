// Vite config for the app (index.html → src/ui). The compile worker is an ES module worker.
import { defineConfig } from 'vite';

export default defineConfig({
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
