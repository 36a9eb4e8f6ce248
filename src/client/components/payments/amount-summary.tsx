/** A label and the amount as shown ("€ 1.210,00"). */
export type AmountRow = readonly [label: string, value: string];

/**
 * The amounts of an invoice in a shaded box, the last row (what is open) in bold: the payment dialogs of sales
 * and purchase invoices and a booked purchase invoice show them alike.
 */
export function AmountSummary({ rows }: { rows: readonly AmountRow[] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
      {rows.map(([label, value], index) => {
        const isLast = index === rows.length - 1;
        return (
          <div key={label} className="contents">
            <dt className={isLast ? "font-semibold" : "text-muted-foreground"}>{label}</dt>
            <dd className={isLast ? "text-right font-semibold tabular-nums" : "text-right tabular-nums"}>
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
