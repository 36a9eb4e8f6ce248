import { Paperclip } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { outboxAttachmentUrl, useOutbox } from "./api";

const moment = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

/** The outbox (architecture.md): every e-mail Balans sent for this user, with its attachments. */
export function OutboxCard() {
  const outbox = useOutbox();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Verzonden e-mail</CardTitle>
        <CardDescription>
          Facturen die je vanuit Balans verstuurt, met de PDF zoals je klant die kreeg. Zonder mailserver
          blijven ze hier in de outbox staan.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.isPending ? (
          <Skeleton className="h-16" />
        ) : outbox.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(outbox.error)}
          </p>
        ) : outbox.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nog geen e-mail verstuurd.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Verzonden e-mail">
            {outbox.data.map((message) => (
              <li key={message.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{message.subject}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    Aan {message.recipient} · {moment.format(new Date(message.createdAt))} ·{" "}
                    {message.sentAt ? "afgeleverd" : "in de outbox"}
                  </span>
                </div>
                {message.attachments.map((file) => (
                  <a
                    key={file.id}
                    href={outboxAttachmentUrl(file.id)}
                    download
                    className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <Paperclip className="size-4" aria-hidden />
                    {file.filename}
                  </a>
                ))}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
