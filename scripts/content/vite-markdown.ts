/**
 * Vite plugin: a Markdown file under content/ imported from the client becomes a module whose default export
 * is its HTML, rendered at build time (blog bodies without their front matter, legal texts). The browser never
 * downloads a Markdown parser.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { Plugin } from "vite";
import { parseBlogArticle, renderMarkdown } from "../../src/server/content/blog";

const CONTENT_FILE = /\/content\/(blog|legal)\/[^/]+\.md$/;

export function markdownContent(): Plugin {
  return {
    name: "balans-markdown-content",
    enforce: "pre",
    load(id) {
      const path = id.split("?")[0] ?? id;
      const match = CONTENT_FILE.exec(path);
      if (!match) return null;
      this.addWatchFile(path);
      const source = readFileSync(path, "utf8");
      const html =
        match[1] === "blog" ? parseBlogArticle(basename(path), source).html : renderMarkdown(source);
      return `export default ${JSON.stringify(html)};`;
    },
  };
}
