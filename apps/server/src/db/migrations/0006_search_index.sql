CREATE TABLE "email_search" (
	"email_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_search_queue" (
	"email_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "emails_search_idx";--> statement-breakpoint
ALTER TABLE "email_search" ADD CONSTRAINT "email_search_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_search_queue" ADD CONSTRAINT "email_search_queue_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Mail synced before this migration keeps its index: the generated vectors move over as they are.
INSERT INTO "email_search" ("email_id", "user_id", "vector") SELECT "id", "user_id", "search_vector" FROM "emails" WHERE "body_status" <> 'pending' AND "search_vector" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "email_search_vector_idx" ON "email_search" USING gin ("vector");--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "search_vector";