import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.ATT_SERVER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: a change in the app does not invalidate the wallet libraries in caches.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](viem|wagmi|@wagmi|ox|abitype|@noble|@scure)[\\/]/.test(id)) return 'wallet';
          if (/[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
