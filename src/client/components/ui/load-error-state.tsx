import { getErrorMessage } from "@client/lib/api";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

interface LoadErrorStateProps {
  /** What could not be loaded: "De klanten konden niet worden geladen". */
  title: string;
  /** The failed query: its error gives the server's reason, its refetch the retry. */
  query: { error: unknown; refetch: () => Promise<unknown> };
}

/** A list that could not be loaded: what failed, the server's reason under it, and 'Opnieuw proberen'. */
export function LoadErrorState({ title, query }: LoadErrorStateProps) {
  return (
    <EmptyState
      title={title}
      description={getErrorMessage(query.error)}
      action={
        <Button variant="outline" onClick={() => void query.refetch()}>
          Opnieuw proberen
        </Button>
      }
    />
  );
}
