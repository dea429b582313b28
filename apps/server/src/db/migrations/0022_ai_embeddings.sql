CREATE TABLE "ai_email_embeddings" (
	"email_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_email_embeddings" ADD CONSTRAINT "ai_email_embeddings_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_email_embeddings_user_idx" ON "ai_email_embeddings" USING btree ("user_id");