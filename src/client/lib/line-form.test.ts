import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./line-form";

describe("fieldErrorsOf", () => {
  it.each([
    { issues: [], expected: {} },
    { issues: [{ path: ["date"], message: "Vul een datum in" }], expected: { date: "Vul een datum in" } },
    {
      issues: [{ path: ["items", 0, "unitPrice"], message: "Vul een prijs in" }],
      expected: { "items.0.unitPrice": "Vul een prijs in" },
    },
    {
      issues: [
        { path: ["lines"], message: "eerste" },
        { path: ["lines"], message: "tweede" },
      ],
      expected: { lines: "eerste" },
    },
    { issues: [{ path: [], message: "Het geheel" }], expected: { _: "Het geheel" } },
  ])("keys $issues.length issue(s) as the server does", ({ issues, expected }) => {
    expect(fieldErrorsOf(issues)).toEqual(expected);
  });
});
