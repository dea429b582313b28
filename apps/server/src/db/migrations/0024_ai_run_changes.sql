CREATE TABLE "ai_run_changes" (
	"run_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email_id" bigint NOT NULL,
	"before_category" integer,
	"before_source" text,
	"before_confidence" real,
	"after_category" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_run_changes_run_id_email_id_pk" PRIMARY KEY("run_id","email_id")
);
--> statement-breakpoint
ALTER TABLE "ai_run_changes" ADD CONSTRAINT "ai_run_changes_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_run_changes_created_idx" ON "ai_run_changes" USING btree ("created_at");