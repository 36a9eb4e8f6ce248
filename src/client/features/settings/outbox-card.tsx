import { Paperclip } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { outboxAttachmentUrl, useOutbox } from "./api";

const LINK = /(https?:\/\/[^\s]+)/g;

/** The plain-text body as sent, with its links clickable (a confirmation link must work without SMTP). */
function MessageText({ text }: { text: string }) {
  return (
    <p className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

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
          E-mail die Balans voor je verstuurt, zoals facturen met de PDF zoals je klant die kreeg. Zonder
          mailserver blijven ze hier in de outbox staan.
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
                  <details className="mt-1 text-sm">
                    <summary className="cursor-pointer text-primary">Bericht lezen</summary>
                    <MessageText text={message.text} />
                  </details>
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
