CREATE TABLE "invoice_counters" (
	"seller_company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_seller_company_id_year_pk" PRIMARY KEY("seller_company_id","year"),
	CONSTRAINT "invoice_counters_year_range" CHECK ("invoice_counters"."year" between 2000 and 9999),
	CONSTRAINT "invoice_counters_last_number_positive" CHECK ("invoice_counters"."last_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invoice_prefix" text;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_seller_company_id_users_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invoice_prefix_shape" CHECK ("users"."invoice_prefix" is null or "users"."invoice_prefix" ~ '^[A-Z][A-Z0-9]{1,9}$');