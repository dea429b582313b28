CREATE TABLE "kept_categories" (
	"account_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"source" text,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kept_categories_account_id_message_id_pk" PRIMARY KEY("account_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "kept_categories" ADD CONSTRAINT "kept_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kept_categories" ADD CONSTRAINT "kept_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;