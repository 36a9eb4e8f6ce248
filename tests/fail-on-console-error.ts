import { afterEach, vi } from "vitest";

// An unexpected console.error is a bug: it fails the test that caused it.
const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const found = errors.splice(0).map((args) => args.map(String).join(" "));
  throw new Error(`console.error was called:\n${found.join("\n")}`);
});
