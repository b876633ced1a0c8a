import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API, OAuth and real-time traffic to the Fastify server, so the browser
// sees one origin in development exactly as it does in production (where the server serves dist/).
const target = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/oauth': { target, changeOrigin: true },
      '/socket.io': { target, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
