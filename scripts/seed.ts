/**
 * npm run db:seed -- [--size small|large] [--username name] [--password secret] [--seed 123]
 * Creates a user with a generated year of data (src/server/generator) in the database the server uses
 * (DATA_DIR or DATABASE_URL, as `npm start`). `--size large` makes the benchmark account of issue 9: 5,000
 * clients, 20,000 time entries, 5,000 invoices and 50,000 transactions. Stop the server first when it uses the
 * embedded database (one process per data directory).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { createGeneratedUser } from "../src/server/generator/generated-user";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "small" },
    username: { type: "string", default: "demo" },
    password: { type: "string" },
    seed: { type: "string" },
  },
});
if (values.size !== "small" && values.size !== "large") {
  console.error("--size is small or large");
  process.exit(2);
}
const password = values.password ?? randomBytes(9).toString("base64url");
if (password.length < 6) {
  console.error("--password needs at least 6 characters");
  process.exit(2);
}

const database = await openDatabase(loadConfig());
try {
  await migrateDatabase(database);
  const started = performance.now();
  const user = await createGeneratedUser(database.db, {
    username: values.username,
    password,
    size: values.size,
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Created ${values.size} account "${user.username}" (${user.firstName} ${user.lastName}) in ${seconds} s.`,
  );
  if (!values.password) console.log(`Password: ${password}`);
} finally {
  await database.checkpoint();
  await database.close();
}
