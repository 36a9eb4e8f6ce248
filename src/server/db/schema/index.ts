// The database schema: one file per domain, gathered here for Drizzle and drizzle-kit.
export * from "./enums";
export * from "./users";
export * from "./bank-accounts";
export * from "./company-profiles";
export * from "./categories";
export * from "./clients";
export * from "./projects";
export * from "./time-entries";
export * from "./running-timers";
export * from "./transactions";
export * from "./invoices";
export * from "./public-site";
export * from "./consent";
export * from "./search";
export * from "./feature-flags";
export * from "./error-logs";
export * from "./outbox";
