-- Lists show and sort by the sender's date (ADR 0017): a column the database computes from the
-- stored Date header and arrival, so stored mail gets it here without a new sync; the list
-- indexes move to it, and accounts and categories get one of their own.
DROP INDEX "emails_user_received_idx";--> statement-breakpoint
DROP INDEX "emails_folder_received_idx";--> statement-breakpoint
DROP INDEX "emails_account_idx";--> statement-breakpoint
DROP INDEX "emails_category_idx";--> statement-breakpoint
DROP INDEX "emails_unread_idx";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "mail_date" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN sent_at >= '1990-01-01 00:00:00+00'::timestamptz AND sent_at - received_at <= interval '1 day' THEN sent_at ELSE received_at END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "emails_user_date_idx" ON "emails" USING btree ("user_id","mail_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_folder_date_idx" ON "emails" USING btree ("folder_id","mail_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_account_date_idx" ON "emails" USING btree ("account_id","mail_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_category_date_idx" ON "emails" USING btree ("category_id","mail_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_unread_idx" ON "emails" USING btree ("user_id","mail_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_read;