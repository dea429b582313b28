-- Mail bodies are TOASTed; pglz compression of every stored body was a large part of the
-- database's CPU during a sync. lz4 compresses several times faster. Only where the server was
-- built with it (PostgreSQL ≥ 14 from Debian is; PGlite is not, and keeps pglz).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_settings
    WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)
  ) THEN
    ALTER TABLE "emails"
      ALTER COLUMN "body_text" SET COMPRESSION lz4,
      ALTER COLUMN "body_html" SET COMPRESSION lz4,
      ALTER COLUMN "search_text" SET COMPRESSION lz4;
    ALTER TABLE "email_search" ALTER COLUMN "vector" SET COMPRESSION lz4;
  END IF;
END $$;
