import { describe, expect, it } from "vitest";
import { nextPathAfterSignIn } from "./next-path";

describe("nextPathAfterSignIn", () => {
  it.each([
    ["", "/app"],
    ["?volgende=%2Fuitnodiging%3Ftoken%3Dabc", "/uitnodiging?token=abc"],
    ["?volgende=https%3A%2F%2Fevil.example", "/app"],
    ["?volgende=%2F%2Fevil.example", "/app"],
    ["?volgende=%2F%5Cevil.example", "/app"],
  ])("%s → %s", (search, expected) => {
    expect(nextPathAfterSignIn(search)).toBe(expected);
  });
});
