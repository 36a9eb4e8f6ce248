import { Link } from "wouter";
import { APP_ROUTES } from "@shared/routes";
import { ApiError, getErrorMessage } from "@client/lib/api";

/**
 * An action's error inside its dialog, in the server's Dutch words. When the company details are incomplete
 * (a 409 with `fieldErrors.companyProfile`) it links to Settings, where they are filled in.
 */
export function InvoiceErrorAlert({ error }: { error: unknown }) {
  const isCompanyIncomplete = error instanceof ApiError && Boolean(error.fieldErrors?.companyProfile);
  return (
    <div role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
      <p>{getErrorMessage(error)}</p>
      {isCompanyIncomplete && (
        <Link
          href={APP_ROUTES.settings}
          className="mt-1 inline-block font-medium underline underline-offset-2"
        >
          Naar Instellingen
        </Link>
      )}
    </div>
  );
}

/**
 * Whether the form shows the error under its fields (a 400/409 with `fieldErrors`), so the alert would only
 * repeat it. The company details are not a field of any invoice dialog: that one is shown in the alert.
 */
export const isShownAtFields = (error: unknown) =>
  error instanceof ApiError && error.fieldErrors !== undefined && !error.fieldErrors.companyProfile;
