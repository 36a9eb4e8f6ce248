import { Bell, BellOff } from "lucide-react";
import { Button } from "@client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@client/components/ui/dropdown-menu";

/**
 * The notification bell. Real notifications (overdue invoices, VAT return due, running timer, failed imports)
 * arrive with their features; until then it honestly says there are none — no fake badge.
 */
export function NotificationsMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Meldingen" className="text-muted-foreground">
          <Bell className="size-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="text-sm text-foreground">Meldingen</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className="flex flex-col items-center gap-2 px-4 py-6 text-center">
          <BellOff className="size-5 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium text-foreground">Geen meldingen</p>
          <p className="text-xs text-muted-foreground">
            Hier verschijnen straks herinneringen en signaleringen.
          </p>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
