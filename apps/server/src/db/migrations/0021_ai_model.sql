-- What the local AI engine learns per account and category, as rows every process reads
-- (ADR 0022, 0023); the confidence of each AI assignment; proposals of a cluster analysis.
CREATE TABLE "ai_account_models" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"docs" double precision DEFAULT 0 NOT NULL,
	"mass" double precision DEFAULT 0 NOT NULL,
	"temperature" double precision NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_background_terms" (
	"account_id" integer NOT NULL,
	"term" text NOT NULL,
	"docs" double precision NOT NULL,
	CONSTRAINT "ai_background_terms_account_id_term_pk" PRIMARY KEY("account_id","term")
);
--> statement-breakpoint
CREATE TABLE "ai_category_terms" (
	"category_id" integer NOT NULL,
	"source" text NOT NULL,
	"term" text NOT NULL,
	"weight" double precision NOT NULL,
	CONSTRAINT "ai_category_terms_category_id_source_term_pk" PRIMARY KEY("category_id","source","term")
);
--> statement-breakpoint
CREATE TABLE "ai_category_totals" (
	"category_id" integer NOT NULL,
	"source" text NOT NULL,
	"docs" double precision DEFAULT 0 NOT NULL,
	"mass" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_category_totals_category_id_source_pk" PRIMARY KEY("category_id","source")
);
--> statement-breakpoint
CREATE TABLE "ai_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"email_ids" bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "category_confidence" real;--> statement-breakpoint
ALTER TABLE "ai_account_models" ADD CONSTRAINT "ai_account_models_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_background_terms" ADD CONSTRAINT "ai_background_terms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_category_terms" ADD CONSTRAINT "ai_category_terms_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_category_totals" ADD CONSTRAINT "ai_category_totals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_proposals" ADD CONSTRAINT "ai_proposals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_proposals_account_idx" ON "ai_proposals" USING btree ("account_id");