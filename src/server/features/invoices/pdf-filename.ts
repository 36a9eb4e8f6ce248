/** "INV-000001.pdf"; a typed number keeps only characters that are safe in a header and a file name. */
export function pdfFilename(invoiceNumber: string): string {
  const safe = invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "");
  return `${safe || "factuur"}.pdf`;
}
