/**
 * A bank file's bytes as text. Banks write UTF-8 (with or without a byte-order mark) or Windows-1252 (Rabobank's
 * and ABN AMRO's older exports): bytes that are not valid UTF-8 are read as Windows-1252, so 'initiërende' and
 * '€' survive either way.
 */
import iconv from "iconv-lite";

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function decodeBankFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = iconv.decode(Buffer.from(bytes), "windows-1252");
  }
  return text.replace(/^\uFEFF/, "");
}
