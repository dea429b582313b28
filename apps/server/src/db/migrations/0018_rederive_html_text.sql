-- Text made from HTML no longer has a space where inline markup ends ("2026 .") or a soft hyphen
-- stood: every stored mail with HTML is queued, and the next sync of its account (or the job
-- at start) makes its text, search text and preview again from what is stored (ADR 0017).
CREATE TABLE "email_text_queue" (
	"email_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_text_queue" ADD CONSTRAINT "email_text_queue_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "email_text_queue" ("email_id") SELECT "id" FROM "emails" WHERE "body_html" IS NOT NULL AND "body_status" = 'ok' ON CONFLICT DO NOTHING;