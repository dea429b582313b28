-- The search vector now holds attachment file names: every indexed mail with attachments is
-- queued again, and the indexer job drains the queue when jobs start.
INSERT INTO "email_search_queue" ("email_id") SELECT s."email_id" FROM "email_search" s JOIN "emails" e ON e."id" = s."email_id" WHERE e."has_attachments" ON CONFLICT DO NOTHING;
