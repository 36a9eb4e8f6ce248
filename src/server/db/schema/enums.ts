import { pgEnum } from "drizzle-orm/pg-core";

/** Income or expense: the type of a transaction and of the category it is booked on (spec §3). */
export const transactionTypeEnum = pgEnum("transaction_type", ["income", "expense"]);
