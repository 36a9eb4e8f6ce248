import { describe, expect, it } from "vitest";
import { detectDelimiter, findColumns, headLines, readCsvRecords, readDirection } from "./csv-statement";

describe("readCsvRecords", () => {
  it("numbers records by the line they start on, past blank lines and fields over several lines", () => {
    const text = '\uFEFF"a";"b"\r\n"1";"two\r\nlines"\r\n\r\n"3";"x"\r\n';
    expect(readCsvRecords(text, { delimiter: ";" })).toEqual([
      { row: 1, cells: ["a", "b"] },
      { row: 2, cells: ["1", "two\r\nlines"] },
      { row: 5, cells: ["3", "x"] },
    ]);
  });

  it("counts lines ended by a carriage return alone", () => {
    expect(readCsvRecords("a,b\r1,2\r3,4", { delimiter: "," }).map((record) => record.row)).toEqual([
      1, 2, 3,
    ]);
  });

  it("stops after the limit and can leave quotes alone", () => {
    expect(readCsvRecords("a\nb\nc\n", { delimiter: ",", limit: 2 })).toHaveLength(2);
    expect(readCsvRecords("'t hoekje,'a, b'\n", { delimiter: ",", quoteChar: "\u0000" })[0]!.cells).toEqual([
      "'t hoekje",
      "'a",
      " b'",
    ]);
  });
});

describe("header helpers", () => {
  it("detects the delimiter and finds columns by name, whatever the case and spacing", () => {
    expect(detectDelimiter('"Datum";"Naam, voluit";"Bedrag"', [";", ","])).toBe(";");
    expect(detectDelimiter('"Datum","Naam; voluit","Bedrag"', [";", ","])).toBe(",");
    expect(
      findColumns(["\uFEFFDatum", " Af  Bij ", "Bedrag"], {
        date: ["datum"],
        direction: ["af bij"],
        tag: ["tag"],
      }),
    ).toEqual({
      date: 0,
      direction: 1,
      tag: null,
    });
    expect(headLines("a\r\nb\rc\nd", 3)).toBe("a\nb\nc");
  });
});

describe("readDirection", () => {
  it("reads the bank's words for in and out, and nothing inherited", () => {
    const errors: string[] = [];
    const signs = { af: -1, bij: 1 } as const;
    expect(readDirection("Bij", signs, errors, "Af of Bij")).toBe(1);
    expect(readDirection("AF", signs, errors, "Af of Bij")).toBe(-1);
    expect(readDirection("constructor", signs, errors, "Af of Bij")).toBeNull();
    expect(errors).toEqual(["Onbekende richting 'constructor' (verwacht Af of Bij)"]);
  });
});
