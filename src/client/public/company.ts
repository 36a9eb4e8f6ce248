import { DEFAULT_COMPANY_DETAILS, type CompanyDetails } from "@shared/content/company";

/** Written into the builds by vite.config.ts from the COMPANY_* configuration; absent in unit tests. */
declare const __BALANS_COMPANY__: CompanyDetails | undefined;

/** The company behind Balans, as configured when the site was built (shared/content/company.ts). */
export const COMPANY: CompanyDetails =
  typeof __BALANS_COMPANY__ === "undefined" ? DEFAULT_COMPANY_DETAILS : __BALANS_COMPANY__;
