import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API base is the app's own origin unless VITE_API_BASE_URL is set at build time.
export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
