import { describe, expect, it } from "vitest";
import { decodeBankFile } from "./decode";

describe("decodeBankFile", () => {
  it("reads UTF-8 and drops a byte-order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Naam initiërende partij")]);
    expect(decodeBankFile(bytes)).toBe("Naam initiërende partij");
  });

  it("reads Windows-1252 when the bytes are not UTF-8", () => {
    // 'ë' is 0xEB and '€' 0x80 in Windows-1252.
    const bytes = new Uint8Array([
      0x69, 0x6e, 0x69, 0x74, 0x69, 0xeb, 0x72, 0x65, 0x6e, 0x64, 0x65, 0x20, 0x80,
    ]);
    expect(decodeBankFile(bytes)).toBe("initiërende €");
  });
});
