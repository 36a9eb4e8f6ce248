import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { markdownContent } from "./scripts/content/vite-markdown";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: here("./src/client"),
  publicDir: here("./src/client/static"),
  plugins: [react(), tailwindcss(), markdownContent()],
  resolve: {
    alias: { "@shared": here("./src/shared"), "@client": here("./src/client") },
  },
  build: isSsrBuild
    ? // The prerender bundle (scripts/prerender.ts renders every public page with it at build time).
      { outDir: here("./dist/ssr"), emptyOutDir: true, copyPublicDir: false }
    : { outDir: here("./dist/client"), emptyOutDir: true, manifest: true },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
}));
