import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories } from "../../db/schema/index";

type TransactionType = (typeof categories.$inferInsert)["type"];

/** The categories a new Dutch freelancer starts with; each can be renamed, recoloured or removed. */
export const STARTER_CATEGORIES: ReadonlyArray<{ name: string; type: TransactionType; color: string }> = [
  { name: "Omzet", type: "income", color: "#16A34A" },
  { name: "Overige inkomsten", type: "income", color: "#0D9488" },
  { name: "Rente", type: "income", color: "#0891B2" },
  { name: "Kantoorkosten", type: "expense", color: "#2B7CE9" },
  { name: "Software en abonnementen", type: "expense", color: "#6366F1" },
  { name: "Telefoon en internet", type: "expense", color: "#8B5CF6" },
  { name: "Reiskosten", type: "expense", color: "#EC4899" },
  { name: "Auto en vervoer", type: "expense", color: "#F43F5E" },
  { name: "Marketing en reclame", type: "expense", color: "#F97316" },
  { name: "Opleiding", type: "expense", color: "#EAB308" },
  { name: "Representatie", type: "expense", color: "#84CC16" },
  { name: "Bankkosten", type: "expense", color: "#64748B" },
  { name: "Verzekeringen", type: "expense", color: "#0EA5E9" },
  { name: "Huisvesting", type: "expense", color: "#A16207" },
  { name: "Inkoop", type: "expense", color: "#B45309" },
  { name: "Overige kosten", type: "expense", color: "#78716C" },
];

export async function createStarterCategories(db: Database, userId: string): Promise<void> {
  await db.insert(categories).values(STARTER_CATEGORIES.map((category) => ({ ...category, userId })));
}

export function listCategories(db: Database, userId: string) {
  return db
    .select({ id: categories.id, name: categories.name, type: categories.type, color: categories.color })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.type), asc(categories.name));
}
