import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("./src/client"),
  publicDir: here("./src/client/static"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@shared": here("./src/shared"), "@client": here("./src/client") },
  },
  build: {
    outDir: here("./dist/client"),
    emptyOutDir: true,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
