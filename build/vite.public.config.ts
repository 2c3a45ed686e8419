import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import { baseConfig } from './vite.config';

/**
 * The public leaderboard (public.html) as a build of its own, run after the app build: one shared
 * build would put the app's common code (popovers, router) into a chunk the public page must load.
 */
export default mergeConfig(
  baseConfig,
  defineConfig({
    resolve: {
      // Mantine's Table imports it by this relative name; see the stand-in's comment.
      alias: [
        {
          find: /^\.\/TableScrollContainer\.mjs$/,
          replacement: fileURLToPath(new URL('../src/client/app/public/table-scroll-container.tsx', import.meta.url)),
        },
      ],
    },
    build: {
      emptyOutDir: false,
      manifest: '.vite/public-manifest.json',
      rolldownOptions: {
        input: fileURLToPath(new URL('../src/client/public.html', import.meta.url)),
        // One page, one entry: the app's chunk groups (vite.chunks.ts) do not apply.
        output: { codeSplitting: true },
      },
    },
  }),
);
