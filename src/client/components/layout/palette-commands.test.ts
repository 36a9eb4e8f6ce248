import { describe, expect, it } from "vitest";
import { ACTION_COMMANDS, filterCommands, SCREEN_COMMANDS } from "./palette-commands";

const labels = (text: string) =>
  filterCommands([...SCREEN_COMMANDS, ...ACTION_COMMANDS], text).map((command) => command.label);

describe("filterCommands", () => {
  it.each([
    { text: "", expected: [...SCREEN_COMMANDS, ...ACTION_COMMANDS].map((command) => command.label) },
    { text: "fact", expected: ["Verkoopfacturen", "Abonnementen", "Inkoopfacturen", "Nieuwe factuur"] },
    // The screen's title and the words people use find it too.
    { text: "klanten", expected: ["Relaties"] },
    { text: "transacties", expected: ["Bank"] },
    { text: "btw", expected: ["Accountant", "Belastingen"] },
    // Every word must match, in any order, whatever the case or accents.
    { text: "TIMER start", expected: ["Timer starten"] },
    { text: "nieuwe factuur", expected: ["Nieuwe factuur"] },
    { text: "fäctuur maken", expected: ["Nieuwe factuur"] },
    { text: "zzz", expected: [] },
  ])("'$text'", ({ text, expected }) => {
    expect(labels(text)).toEqual(expected);
  });

  it("gives every screen of the navigation a command with a unique id", () => {
    const ids = [...SCREEN_COMMANDS, ...ACTION_COMMANDS].map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(SCREEN_COMMANDS.map((command) => command.label)).toContain("Instellingen");
  });
});
