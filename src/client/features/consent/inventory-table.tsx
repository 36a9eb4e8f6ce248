import type { CookieDescriptor } from "@shared/consent";

/** The cookies of one category: a table from the sm breakpoint, a list of small cards on phones. */
export function InventoryTable({ entries }: { entries: readonly CookieDescriptor[] }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-border sm:block">
        <table className="w-full table-fixed text-left text-sm">
          <colgroup>
            <col className="w-[32%]" />
            <col />
            <col className="w-[22%]" />
          </colgroup>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Naam
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Doel
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Bewaartermijn
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.name} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <span className="font-mono text-xs [overflow-wrap:anywhere]">{entry.name}</span>
                  <span className="block text-xs text-muted-foreground">{origin(entry)}</span>
                </td>
                <td className="px-3 py-2">{entry.description}</td>
                <td className="px-3 py-2">{entry.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 sm:hidden">
        {entries.map((entry) => (
          <li key={entry.name} className="rounded-lg border border-border p-3 text-sm">
            <p className="font-mono text-xs font-semibold [overflow-wrap:anywhere]">{entry.name}</p>
            <p className="mt-1">{entry.description}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {entry.duration} · {origin(entry)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function origin(entry: CookieDescriptor): string {
  if (entry.provider) return entry.provider;
  return entry.storage === "localStorage" ? "Balans, lokale opslag" : "Balans";
}
