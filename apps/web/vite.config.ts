import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// In development the API and socket.io run on the server (npm run serve); Vite proxies them so the
// browser sees one origin, as it does in production.
const server = 'http://localhost:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/socket.io': { target: server, ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
})
