import { useEffect, useRef, useState, type ReactNode } from "react";
import { CircleAlert, CircleCheck } from "lucide-react";
import { announce, type Politeness } from "@client/lib/announcer";
import { useToast } from "@client/lib/toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

/**
 * Renders the toast store (lib/toast); mount once at the root of the app.
 *
 * Toasts are read out through the app's live regions (lib/announcer), which exist before the toast does and
 * stay audible while a modal dialog is open. Radix's own announcer makes a new live region per toast and fills
 * it a frame later, which screen readers often miss; it renders into an element outside the document instead,
 * so nothing is read twice.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const [detachedAnnouncer] = useState(() => document.createElement("div"));
  return (
    <ToastProvider announcerContainer={detachedAnnouncer}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => {
        const Icon = variant === "destructive" ? CircleAlert : CircleCheck;
        return (
          <Toast
            key={id}
            variant={variant}
            data-variant={variant ?? "default"}
            open={open}
            onOpenChange={(isOpen) => {
              if (!isOpen) dismiss(id);
            }}
            {...(duration !== undefined && { duration })}
          >
            <Icon
              className={
                variant === "destructive" ? "mt-0.5 size-5 shrink-0" : "mt-0.5 size-5 shrink-0 text-success"
              }
              aria-hidden
            />
            <ToastText
              title={title}
              description={description}
              // An error interrupts; a confirmation waits its turn.
              politeness={variant === "destructive" ? "assertive" : "polite"}
            />
            {action}
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}

/** The toast's title and description, announced once on screen (Radix shows a toast once its viewport is). */
function ToastText({
  title,
  description,
  politeness,
}: {
  title: ReactNode;
  description: ReactNode;
  politeness: Politeness;
}) {
  const text = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // innerText keeps the title and the description apart ("Fout Kon … niet opslaan", not "FoutKon …").
    const message = text.current?.innerText.replace(/\s+/g, " ").trim();
    if (message) announce(message, politeness);
  }, [politeness]);
  return (
    <div ref={text} className="flex min-w-0 flex-1 flex-col gap-1">
      {title && <ToastTitle>{title}</ToastTitle>}
      {description && <ToastDescription>{description}</ToastDescription>}
    </div>
  );
}
