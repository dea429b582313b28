-- The search vector now holds recipients and addresses split into words: every indexed mail is
-- queued again, and the indexer job drains the queue when jobs start.
INSERT INTO "email_search_queue" ("email_id") SELECT "email_id" FROM "email_search" ON CONFLICT DO NOTHING;
