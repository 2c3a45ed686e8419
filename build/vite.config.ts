import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunks } from './vite.chunks';
import { pwaOptions } from './vite.pwa';

/** What every client build shares; the public leaderboard's build (vite.public.config.ts) starts from it. */
export const baseConfig: UserConfig = {
  root: 'src/client',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // build/check-bundle.mjs reads it to enforce the bundle budget.
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
};

// The staff and player app is installable and works courtside without a network (ADR 0014).
export default defineConfig(mergeConfig(baseConfig, { plugins: [VitePWA(pwaOptions)] }));
