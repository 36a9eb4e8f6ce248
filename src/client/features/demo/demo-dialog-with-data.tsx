import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@client/lib/query-client";
import { DemoDialog } from "./demo-dialog";

/**
 * The demo dialog with the app's data layer around it: public pages render without one, and the signed-in area
 * uses this same client, so the demo user stored at the start is the session the dashboard finds.
 */
export default function DemoDialogWithData(props: Parameters<typeof DemoDialog>[0]) {
  return (
    <QueryClientProvider client={queryClient}>
      <DemoDialog {...props} />
    </QueryClientProvider>
  );
}
