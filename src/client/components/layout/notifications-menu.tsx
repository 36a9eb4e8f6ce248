import { useQuery } from "@tanstack/react-query";
import {
  AlertTriangle,
  ArrowLeftRight,
  Bell,
  BellOff,
  Clock,
  CreditCard,
  FileCheck,
  FileWarning,
  Landmark,
  Receipt,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import type { Notification, NotificationList } from "@shared/schemas/notifications";
import { Button } from "@client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@client/components/ui/dropdown-menu";

export const NOTIFICATIONS_QUERY_KEY = ["/api/notifications"] as const;

const ICONS: Record<Notification["kind"], typeof Bell> = {
  invoice_overdue: AlertTriangle,
  vat_due: Landmark,
  vat_late: Landmark,
  vat_correction: Landmark,
  timer_running: Clock,
  bank_lines_open: ArrowLeftRight,
  import_failed: FileWarning,
  purchase_due: Receipt,
  quote_accepted: FileCheck,
  trial_ending: CreditCard,
};

/**
 * The notification bell: overdue invoices, a VAT return due within 14 days or late, a timer left running, bank
 * lines to handle and failed imports, counted from the user's own records (GET /api/notifications). Opening the
 * menu or another screen counts again.
 */
export function NotificationsMenu() {
  const { data, refetch } = useQuery<NotificationList>({ queryKey: NOTIFICATIONS_QUERY_KEY });
  // A paid invoice or a stopped timer is usually followed by moving on: count again on every screen change.
  const [location] = useLocation();
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    void refetch();
  }, [location, refetch]);
  const count = data?.count ?? 0;
  const label = count === 0 ? "Meldingen" : `Meldingen (${count})`;
  const hidden = data ? data.count - data.items.length : 0;

  return (
    <DropdownMenu onOpenChange={(open) => open && void refetch()}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative text-muted-foreground">
          <Bell className="size-5" aria-hidden />
          {count > 0 && (
            <span
              data-testid="notification-count"
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-4.5 font-semibold text-white"
            >
              {count > 99 ? "99+" : count}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel className="text-sm text-foreground">Meldingen</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {!data || data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-6 text-center">
            <BellOff className="size-5 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium text-foreground">Geen meldingen</p>
            <p className="text-xs text-muted-foreground">
              Verlopen facturen, btw-aangiftes, een vergeten timer en mislukte imports verschijnen hier.
            </p>
          </div>
        ) : (
          <>
            {data.items.map((item) => {
              const Icon = ICONS[item.kind];
              return (
                <DropdownMenuItem key={item.id} asChild className="items-start">
                  <Link href={item.href}>
                    <Icon
                      className={
                        item.kind === "vat_late" ||
                        item.kind === "invoice_overdue" ||
                        item.kind === "purchase_due"
                          ? "mt-0.5 text-destructive"
                          : "mt-0.5"
                      }
                      aria-hidden
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="font-medium text-foreground">{item.title}</span>
                      <span className="text-xs text-muted-foreground">{item.description}</span>
                    </span>
                  </Link>
                </DropdownMenuItem>
              );
            })}
            {hidden > 0 && (
              <p className="px-2 py-1.5 text-xs text-muted-foreground">
                en nog {hidden} {hidden === 1 ? "melding" : "meldingen"}
              </p>
            )}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
