DROP INDEX "emails_user_received_idx";--> statement-breakpoint
DROP INDEX "emails_folder_received_idx";--> statement-breakpoint
DROP INDEX "emails_unread_idx";--> statement-breakpoint
CREATE INDEX "emails_user_received_idx" ON "emails" USING btree ("user_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_folder_received_idx" ON "emails" USING btree ("folder_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_unread_idx" ON "emails" USING btree ("user_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_read;