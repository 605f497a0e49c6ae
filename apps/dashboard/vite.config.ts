import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API, the messaging API, WebSockets and health checks go to the local server.
const SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': SERVER,
      '/rest': SERVER,
      '/ws': { target: SERVER, ws: true },
      '/health': SERVER,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
