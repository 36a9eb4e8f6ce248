import { CircleAlert, CircleCheck } from "lucide-react";
import { useToast } from "@client/lib/toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

/** Renders the toast store (lib/toast); mount once at the root of the app. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider>
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
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {title && <ToastTitle>{title}</ToastTitle>}
              {description && <ToastDescription>{description}</ToastDescription>}
            </div>
            {action}
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
