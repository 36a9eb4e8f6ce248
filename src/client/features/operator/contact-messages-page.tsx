import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Inbox } from "lucide-react";
import type { z } from "zod";
import { INQUIRY_TYPES } from "@shared/schemas/public-site";
import {
  CONTACT_STATUS_LABELS,
  ContactAnswerInputSchema,
  type ContactAnswerInput,
  type ContactMessage,
} from "@shared/schemas/operator";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { inputClassName } from "@client/components/ui/input-class-name";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useAnswerContactMessage } from "./api";
import { formatMoment, OperatorListPage, RowCard } from "./operator-list";

const STATUS_VARIANT = {
  new: "warning",
  in_progress: "default",
  answered: "success",
  spam: "muted",
} as const;

/** Contact messages from the public form, open ones first, each answered from here (new → answered). */
export function ContactMessagesPage() {
  return (
    <OperatorListPage
      path="contact-messages"
      title="Contactberichten"
      description="Berichten via het contactformulier. Een antwoord gaat per e-mail naar de afzender."
      empty={{
        icon: Inbox,
        title: "Nog geen contactberichten",
        description: "Berichten via /support/contact verschijnen hier, de nieuwste bovenaan.",
      }}
      renderRow={(message) => <ContactMessageCard message={message} />}
    />
  );
}

function ContactMessageCard({ message }: { message: ContactMessage }) {
  const [isAnswering, setIsAnswering] = useState(false);
  const isOpen = message.status === "new" || message.status === "in_progress";
  return (
    <RowCard>
      <article aria-label={`${message.subject} van ${message.name}`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-foreground">{message.subject}</h2>
            <p className="text-muted-foreground">
              {message.name} ·{" "}
              <a href={`mailto:${message.email}`} className="underline-offset-4 hover:underline">
                {message.email}
              </a>
              {message.company && ` · ${message.company}`}
              {message.phone && ` · ${message.phone}`}
            </p>
            <p className="text-muted-foreground">
              {formatMoment(message.submissionTime)} ·{" "}
              {INQUIRY_TYPES[message.inquiryType as keyof typeof INQUIRY_TYPES] ?? message.inquiryType} ·{" "}
              {message.reference}
            </p>
          </div>
          <Badge variant={STATUS_VARIANT[message.status]}>{CONTACT_STATUS_LABELS[message.status]}</Badge>
        </div>
        <p className="whitespace-pre-wrap text-foreground">{message.message}</p>
        {message.answers.map((answer) => (
          <div key={answer.answeredAt} className="rounded-md border-l-4 border-brand-600 bg-muted/50 p-3">
            <p className="text-xs font-medium text-muted-foreground">
              Antwoord van {answer.answeredBy} · {formatMoment(answer.answeredAt)}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-foreground">{answer.message}</p>
          </div>
        ))}
        {isOpen &&
          (isAnswering ? (
            <AnswerForm message={message} onDone={() => setIsAnswering(false)} />
          ) : (
            <div>
              <Button size="sm" onClick={() => setIsAnswering(true)}>
                Beantwoorden
              </Button>
            </div>
          ))}
      </article>
    </RowCard>
  );
}

function AnswerForm({ message, onDone }: { message: ContactMessage; onDone: () => void }) {
  const answer = useAnswerContactMessage();
  const form = useForm<z.input<typeof ContactAnswerInputSchema>, unknown, ContactAnswerInput>({
    resolver: zodResolver(ContactAnswerInputSchema),
    defaultValues: { message: "" },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await answer.mutateAsync({ id: message.id, input });
      toast({
        title: "Antwoord verstuurd",
        description: `Naar ${message.email}; het bericht is beantwoord.`,
      });
      onDone();
    } catch (error) {
      toastError(error, "Antwoord niet verstuurd");
      applyFieldErrors(error, ["message"], form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <FormField label={`Antwoord aan ${message.name}`} error={form.formState.errors.message?.message}>
        <textarea rows={5} className={`${inputClassName} h-auto`} {...form.register("message")} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending && <Spinner />}
          Verstuur antwoord
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Annuleren
        </Button>
      </div>
    </form>
  );
}
