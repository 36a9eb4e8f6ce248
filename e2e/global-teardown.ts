import { rm } from "node:fs/promises";
import { E2E_DATA_DIR } from "../playwright.config";

/** The run's embedded database is thrown away with the run. */
export default async function globalTeardown() {
  await rm(E2E_DATA_DIR, { recursive: true, force: true });
}
