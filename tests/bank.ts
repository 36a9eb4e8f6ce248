import { expect } from "vitest";
import type { BankImportAnswer, BankLine, BankLineList } from "../src/shared/schemas/bank-statements";
import type { SignedIn } from "./app";

export { camt053, mt940, type CamtEntry } from "./bank-files";

export async function importFile(
  as: SignedIn,
  content: string,
  query = "",
): Promise<{ statusCode: number; answer: BankImportAnswer & { message?: string } }> {
  const response = await as.request({
    method: "POST",
    url: `/api/bank-statements/import?fileName=afschrift${query}`,
    headers: { "content-type": "application/octet-stream" },
    payload: Buffer.from(content, "utf8"),
  });
  return { statusCode: response.statusCode, answer: response.json() };
}

export async function imported(as: SignedIn, content: string, query = "") {
  const { statusCode, answer } = await importFile(as, content, query);
  expect(statusCode, JSON.stringify(answer)).toBe(200);
  expect(answer.status, JSON.stringify(answer)).toBe("imported");
  return answer as Extract<BankImportAnswer, { status: "imported" }>;
}

export async function bankLines(
  as: SignedIn,
  status: "open" | "booked" | "all" = "all",
): Promise<BankLine[]> {
  const response = await as.request({ method: "GET", url: `/api/bank-lines?status=${status}&limit=200` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BankLineList).lines;
}

export const lineWith = (lines: readonly BankLine[], text: string) => {
  const line = lines.find((candidate) =>
    `${candidate.counterpartyName} ${candidate.description}`.includes(text),
  );
  expect(line, `a line with '${text}'`).toBeDefined();
  return line!;
};
