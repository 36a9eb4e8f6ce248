import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, one string per page, lines separated by "\n" (for assertions). */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    // Reading text needs no glyph outlines of the standard fonts (pdfkit's Helvetica), so pdfjs's warning that
    // it cannot load them is noise; only errors are printed.
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str + (item.hasEOL ? "\n" : " ");
    }
    pages.push(text.replace(/[ \u00a0]+/g, " "));
  }
  await document.destroy();
  return pages;
}
