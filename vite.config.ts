import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunks } from './vite.chunks';

export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-bundle.mjs reads it to enforce the bundle budget.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: appChunks() } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/get-og-data.php': 'http://localhost:3000',
      '/assets/images': 'http://localhost:3000',
    },
  },
});
