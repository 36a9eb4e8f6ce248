import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientReminderPause as Pause } from "@shared/schemas/reminders";
import { Switch } from "@client/components/ui/switch";
import { apiRequest, getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";

const pauseUrl = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/reminders/pause`;
const pauseQueryKey = (clientId: string) => ["/api/clients", clientId, "reminders", "pause"] as const;

/**
 * 'Herinneringen pauzeren' for every invoice of this client (a payment arrangement, a dispute). Saved at once,
 * apart from the client form; the invoices' timelines show the pause.
 */
export function ClientReminderPause({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const pause = useQuery(queryOptions<Pause>({ queryKey: pauseQueryKey(clientId) }));
  const save = useMutation({
    mutationFn: (isPaused: boolean) => apiRequest<Pause>("PUT", pauseUrl(clientId), { isPaused }),
    meta: { booksUnaffected: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(pauseQueryKey(clientId), saved);
      void queryClient.invalidateQueries({ queryKey: ["/api/invoices"] });
      toast({ title: saved.isPaused ? "Herinneringen gepauzeerd" : "Herinneringen hervat" });
    },
    onError: (error) => toastError(error),
  });
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border p-4">
      <div className="flex flex-col gap-1">
        <label htmlFor="client-reminders-paused" className="text-sm font-medium">
          Herinneringen pauzeren
        </label>
        <p className="text-xs text-muted-foreground">
          {pause.isError
            ? `Laden mislukt: ${getErrorMessage(pause.error)}`
            : "Geen automatische betalingsherinneringen voor facturen van deze klant, bijvoorbeeld bij een betalingsregeling."}
        </p>
      </div>
      <Switch
        id="client-reminders-paused"
        checked={pause.data?.isPaused ?? false}
        disabled={!pause.data || save.isPending}
        onCheckedChange={(checked) => save.mutate(checked)}
      />
    </div>
  );
}
