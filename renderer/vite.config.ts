import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repository = fileURLToPath(new URL('..', import.meta.url));

// Built with `npx vite build --config renderer/vite.config.ts` from the repository's root.
export default defineConfig({
  root,
  // Relative asset paths: Electron loads the build from a file, browser mode from the core's server.
  base: './',
  // Vite 8 transforms TSX itself (oxc); React 19's automatic runtime, no plugin needed.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Two pages: the table's screens (index.html) and the floor's (floor.html, served by `felt floor`).
    rolldownOptions: { input: { index: `${root}index.html`, floor: `${root}floor.html` } },
  },
  // The dev server may read card notation from ../src/cards.
  server: { fs: { allow: [repository] } },
});
