DROP INDEX "emails_pending_body_idx";--> statement-breakpoint
CREATE INDEX "emails_pending_body_idx" ON "emails" USING btree ("folder_id","uid") WHERE body_status = 'pending';