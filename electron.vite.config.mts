import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          // The headless command and the browser-mode server ship in the same package.
          cli: resolve(import.meta.dirname, 'electron/cli/index.ts'),
          web: resolve(import.meta.dirname, 'electron/web/index.ts'),
          // The built-in iperf3 server's thread for the "This computer" test (on-its-own-thread.ts finds it here).
          'iperf-server-thread': resolve(import.meta.dirname, 'electron/engine/net/iperf-server/thread.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() packages: bundle everything it uses.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      minify: true,
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
