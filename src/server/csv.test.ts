import { describe, expect, it } from "vitest";
import { CSV_BOM, neutraliseFormula, toCsv } from "./csv";

describe("neutraliseFormula", () => {
  it.each([
    ['=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'],
    ["+31 6 12345678", "'+31 6 12345678"],
    ["-Zwolle", "'-Zwolle"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\rReturn", "'\rReturn"],
    ["-1.234,50", "-1.234,50"],
    ["-3", "-3"],
    ["-0,5", "-0,5"],
    ["1.234,50", "1.234,50"],
    ["Bakkerij", "Bakkerij"],
    ["", ""],
  ])("%j becomes %j", (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it("leaves numbers and empty cells alone", () => {
    expect(neutraliseFormula(-5)).toBe(-5);
    expect(neutraliseFormula(null)).toBe(null);
  });
});

describe("toCsv", () => {
  it("writes Excel-NL CSV: BOM, header, semicolons, CRLF, quotes where needed, every cell guarded", () => {
    const csv = toCsv(
      [
        ["=1+1", 'a; "b"', -2, null],
        ["-1.234,50", "regel\nregel", 0, "@x"],
      ],
      { header: ["Een", "Twee", "Drie", "Vier"] },
    );
    expect(csv).toBe(
      `${CSV_BOM}Een;Twee;Drie;Vier\r\n'=1+1;"a; ""b""";-2;\r\n-1.234,50;"regel\nregel";0;'@x\r\n`,
    );
  });

  it("leaves the byte order mark out for the later pieces of a streamed export", () => {
    expect(toCsv([["+a", "b"]], { bom: false })).toBe("'+a;b\r\n");
  });
});
