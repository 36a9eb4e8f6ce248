import { ErrorScreen } from "@client/components/layout/error-screen";
import { NotFound } from "@client/components/layout/not-found";
import { getErrorMessage } from "@client/lib/api";
import { isNotHere } from "./api";

/** A customer's session (the back office answers it 404) sees the not-found screen; another failure says so. */
export function NotHere({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotHere(error)) return <NotFound homeHref="/" homeLabel="Naar de homepagina" />;
  return (
    <ErrorScreen
      title="Het beheer kon niet worden geladen"
      description={getErrorMessage(error)}
      onRetry={onRetry}
    />
  );
}
