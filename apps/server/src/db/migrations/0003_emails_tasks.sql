CREATE TABLE "emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"uid" bigint NOT NULL,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"thread_id" text,
	"subject" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"is_answered" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"modseq" bigint,
	"preview" text DEFAULT '' NOT NULL,
	"body_status" text DEFAULT 'pending' NOT NULL,
	"body_text" text,
	"body_html" text,
	"search_text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parse_error" text,
	"category_id" integer,
	"category_source" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', coalesce(subject, '')), 'A') || setweight(to_tsvector('german', coalesce(from_name, '') || ' ' || coalesce(from_address, '')), 'B') || setweight(to_tsvector('german', coalesce(search_text, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" integer,
	"account_email" text,
	"task_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT 'Task wird gestartet...' NOT NULL,
	"result" jsonb,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_folder_uid_idx" ON "emails" USING btree ("folder_id","uid");--> statement-breakpoint
CREATE INDEX "emails_user_received_idx" ON "emails" USING btree ("user_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_folder_received_idx" ON "emails" USING btree ("folder_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_account_idx" ON "emails" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "emails_message_id_idx" ON "emails" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "emails_thread_idx" ON "emails" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE INDEX "emails_unread_idx" ON "emails" USING btree ("user_id","received_at" DESC NULLS LAST) WHERE NOT is_read;--> statement-breakpoint
CREATE INDEX "emails_pending_body_idx" ON "emails" USING btree ("folder_id") WHERE body_status = 'pending';--> statement-breakpoint
CREATE INDEX "emails_category_idx" ON "emails" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "emails_search_idx" ON "emails" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_user_idx" ON "tasks" USING btree ("user_id","created_at" DESC NULLS LAST);