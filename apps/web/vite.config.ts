import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const SHELL_LOCALE =
  /[\\/]src[\\/]i18n[\\/]locales[\\/]ko[\\/](common|wallet|auth|errors|collection|item|support|social|home)\.json$/;

const SHELL_I18N = /[\\/]src[\\/]i18n[\\/](index|catalogue-ko-shell|languages)\.ts$/;

const server = process.env.ATT_SERVER_URL ?? 'http://127.0.0.1:8080';

const ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx');
type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;
let shell: Set<string> | null = null;

/**
 * Our modules the entry imports statically (the shell: app, layout, the features it renders, lib): one chunk. The
 * bundler would otherwise cut them into a dozen tiny chunks (each shared with some lazy page), and every one of
 * them costs the first load a request and its headers.
 */
function shellModules(info: ModuleInfoOf): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const todo = [ENTRY];
  while (todo.length) {
    const id = todo.pop()!;
    if (found.has(id) || id.includes('node_modules')) continue;
    found.add(id);
    todo.push(...(info(id)?.importedIds ?? []));
  }
  shell = found;
  return found;
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/attnftmarket': { target: server, ws: true, changeOrigin: false },
      '/cdn': { target: server },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks, each holding only what loads together: React and the router (every page),
        // the wallet stack (wagmi, viem and their crypto; loaded on demand, never on the first page), and the
        // rest. Modules a lazy chunk alone uses stay in that chunk.
        manualChunks(id, { getModuleInfo }) {
          // Vite's preload helper goes with React: otherwise the wallet chunk (viem imports lazily too) would
          // capture it and every page would preload the whole wallet stack to get that helper.
          if (id.includes('vite/preload-helper')) return 'react';
          // The Korean namespaces bundled with the shell (i18n/catalogue-ko-shell.ts) stay with i18next: the lazy
          // catalogue of the other pages imports them too, and alone they would be one more request (and a chunk
          // named after its first file, wallet.json).
          if (SHELL_LOCALE.test(id) || SHELL_I18N.test(id)) return 'i18n';
          if (!id.includes('node_modules'))
            return id !== ENTRY && shellModules(getModuleInfo).has(id) ? 'shell' : undefined;
          if (/[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/.test(id)) return 'i18n';
          if (/[\\/]node_modules[\\/](viem|wagmi|@wagmi|ox|abitype|@noble|@scure)[\\/]/.test(id)) return 'wallet';
          // React Query too: the first page of every visit reads through it.
          if (
            /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|@tanstack)[\\/]/.test(
              id,
            )
          )
            return 'react';
          return undefined;
        },
      },
    },
  },
});
