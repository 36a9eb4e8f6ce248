/**
 * npm run operator:create -- <e-mail address>
 * Creates an operator account for the back office (/beheer) in the database the server uses (DATA_DIR or
 * DATABASE_URL, as `npm start`) and prints its password once. Run it again for the same address to set a new
 * password; the operator's sessions then end. Stop the server first when it uses the embedded database (one
 * process per data directory).
 */
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { AppError } from "../src/server/errors";
import { createOperator } from "../src/server/features/operator/accounts";

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Gebruik: npm run operator:create -- <e-mailadres>");
  process.exit(2);
}

const database = await openDatabase(loadConfig());
let exitCode = 0;
try {
  await migrateDatabase(database);
  const operator = await createOperator(database.db, email);
  console.log(
    operator.isNew
      ? `Beheerder ${operator.email} aangemaakt.`
      : `Nieuw wachtwoord voor beheerder ${operator.email}; de bestaande sessies zijn beëindigd.`,
  );
  console.log(`Wachtwoord (wordt niet opnieuw getoond): ${operator.password}`);
  console.log("Inloggen: /beheer/inloggen");
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await database.checkpoint();
  await database.close();
}
process.exit(exitCode);
