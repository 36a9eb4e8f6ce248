/** Markdown under content/ is rendered to HTML at build time (scripts/content/vite-markdown.ts). */
declare module "*.md" {
  const html: string;
  export default html;
}
