-- journal_lines has no foreign keys (a per-row check would double the time of a bulk import or a ledger
-- rebuild), so a deleted user's lines are removed here: one statement per DELETE on users, whatever its size.
CREATE FUNCTION "delete_journal_lines_of_deleted_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "journal_lines" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_delete_journal_lines"
  AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "deleted_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_journal_lines_of_deleted_users"();
