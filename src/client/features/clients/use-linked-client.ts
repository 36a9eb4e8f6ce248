import { useQueryClient } from "@tanstack/react-query";
import type { Client } from "@shared/schemas/clients";
import { toastError } from "@client/lib/toast";
import { useLinkedRecord } from "@client/lib/linked-action";
import { clientQueryOptions } from "./api";

/** `?open=<id>` opens that client's form (links from Snel naar; shared/routes.ts recordPath). */
export function useLinkedClient(onOpen: (client: Client) => void) {
  const queryClient = useQueryClient();
  useLinkedRecord((id) => {
    queryClient.fetchQuery(clientQueryOptions(id)).then(onOpen, (error: unknown) => {
      toastError(error);
    });
  });
}
