-- Import reports keep their rows as {row, message} instead of 'Rij {n}: {message}' text: each stored string
-- becomes {row: n, message: the rest}, a string without that prefix (why a file was refused) {row: null,
-- message}. Entries that are objects already stay as they are, so running this twice changes nothing.
UPDATE "import_reports"
SET "messages" = (
  SELECT coalesce(jsonb_agg(
    CASE
      WHEN jsonb_typeof(entry) <> 'string' THEN entry
      WHEN entry #>> '{}' ~ '^Rij [0-9]{1,9}: ' THEN jsonb_build_object(
        'row', substring(entry #>> '{}' FROM '^Rij ([0-9]{1,9}): ')::integer,
        'message', substr(entry #>> '{}', length(substring(entry #>> '{}' FROM '^Rij [0-9]{1,9}: ')) + 1)
      )
      ELSE jsonb_build_object('row', NULL, 'message', entry #>> '{}')
    END
    ORDER BY position
  ), '[]'::jsonb)
  FROM jsonb_array_elements("messages") WITH ORDINALITY AS element(entry, position)
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("messages") AS element(entry) WHERE jsonb_typeof(entry) = 'string');
