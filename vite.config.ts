import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { webChunkGroups } from './scripts/vite-chunk-groups.ts';
import { iconImportsPlugin } from './scripts/vite-icon-imports.ts';
import { precompressPlugin } from './scripts/vite-precompress.ts';

// Paths are absolute because the router plugin resolves relative ones against `root` (src/web).
const fromRepo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: 'src/web',
  // Hashed files from `build.assetsDir`; the server serves dist/web and falls back to index.html.
  base: '/',
  publicDir: 'public',
  plugins: [
    // The router plugin must come before the React plugin: it generates routeTree.gen.ts
    // (checked in) on every build and dev start, and splits each route's component.
    tanstackRouter({
      target: 'react',
      routesDirectory: fromRepo('./src/web/routes'),
      generatedRouteTree: fromRepo('./src/web/routeTree.gen.ts'),
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
    }),
    // One import per icon file, so that an icon comes with the pages that use it.
    iconImportsPlugin(),
    react(),
    // .br and .gz copies of the output, served by src/server/http/spa.ts.
    precompressPlugin(),
  ],
  build: {
    outDir: fromRepo('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // A manifest lets the server and the bundle benchmark find the entry chunk and its assets.
    manifest: true,
    rolldownOptions: {
      // Zod schemas are pure values: a module imported for a constant (a route's search
      // defaults, a schema's messages) does not drag the schemas it defines into the first page.
      treeshake: { manualPureFunctions: ['z'] },
      // What is always loaded together comes in one chunk (scripts/vite-chunk-groups.ts).
      output: { codeSplitting: { groups: webChunkGroups(fromRepo('.')) } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
