-- The search vector now holds the words only a mail's HTML part has, the parts of German
-- compounds, and one weight per field for the operators from:, to: and subject: (ADR 0016):
-- every indexed mail is queued again, and the indexer job drains the queue when jobs start.
INSERT INTO "email_search_queue" ("email_id") SELECT "email_id" FROM "email_search" ON CONFLICT DO NOTHING;
