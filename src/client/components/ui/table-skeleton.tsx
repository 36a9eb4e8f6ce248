import { Card } from "./card";
import { Skeleton } from "./skeleton";

/** A table's rows while they load. */
export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card className="flex flex-col gap-3 p-4" aria-busy>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10" />
      ))}
    </Card>
  );
}
