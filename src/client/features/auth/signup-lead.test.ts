import { describe, expect, it } from "vitest";
import { leadVisitOf } from "./signup-lead";

describe("leadVisitOf", () => {
  const own = "https://balans.example";

  it("takes the campaign from the utm parameters", () => {
    expect(leadVisitOf("?utm_source=nieuwsbrief&utm_medium=email&utm_campaign=q3", "", own)).toEqual({
      utmSource: "nieuwsbrief",
      utmMedium: "email",
      utmCampaign: "q3",
      referrer: undefined,
    });
  });

  it("keeps an external referrer and ignores our own pages", () => {
    expect(leadVisitOf("", "https://www.google.com/", own)).toMatchObject({
      referrer: "https://www.google.com/",
    });
    expect(leadVisitOf("", "https://balans.example/prijzen", own)).toBeNull();
  });

  it("is null for a direct visit", () => {
    expect(leadVisitOf("", "", own)).toBeNull();
    expect(leadVisitOf("?tab=1", "", own)).toBeNull();
  });
});
