import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { markdownContent } from "./scripts/content/vite-markdown";
import { companyDetailsFrom } from "./src/shared/content/company";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Two browser builds from one source tree:
 * - the app (`vite build`, dist/client): sign-in and everything under /app, on React;
 * - the public site (`vite build --mode public`, dist/public, and its prerender bundle with `--ssr`): the
 *   marketing, blog, support and legal pages, on Preact's React-compatible runtime (about 50 KB less
 *   JavaScript on a phone's first visit). The same components run on both; only the runtime differs.
 */
export default defineConfig(({ isSsrBuild, mode }) => {
  const isPublicSite = mode === "public";
  const shared = {
    root: here("./src/client"),
    publicDir: here("./src/client/static"),
    resolve: {
      alias: {
        "@shared": here("./src/shared"),
        "@client": here("./src/client"),
        ...(isPublicSite && { react: "preact/compat", "react-dom": "preact/compat" }),
      },
    },
    server: {
      proxy: { "/api": "http://127.0.0.1:3000" },
    },
    // The company details of the footer and legal pages (COMPANY_* variables), checked and fixed at build time.
    define: { __BALANS_COMPANY__: JSON.stringify(companyDetailsFrom(process.env)) },
  };
  if (!isPublicSite) {
    return {
      ...shared,
      plugins: [react(), tailwindcss(), markdownContent()],
      build: { outDir: here("./dist/client"), emptyOutDir: true, manifest: true },
    };
  }
  return {
    ...shared,
    plugins: [react(), tailwindcss(), markdownContent(), publicEntry()],
    // The prerender bundle carries its own copy of every package, so they all resolve to Preact too.
    ssr: { noExternal: true },
    build: isSsrBuild
      ? // Used by scripts/prerender.ts to render every public page at build time.
        { outDir: here("./dist/ssr"), emptyOutDir: true, copyPublicDir: false }
      : { outDir: here("./dist/public"), emptyOutDir: true, manifest: true, copyPublicDir: false },
  };
});

/** The public site's page is index.html with the public site's entry instead of the app's. */
function publicEntry(): Plugin {
  return {
    name: "balans-public-entry",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes('src="./main.tsx"')) throw new Error("index.html laadt ./main.tsx niet meer");
        return html.replace('src="./main.tsx"', 'src="./public-main.tsx"');
      },
    },
  };
}
