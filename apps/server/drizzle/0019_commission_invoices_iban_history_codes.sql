CREATE TABLE "operator_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "operator_invoice_counters_year_range" CHECK ("operator_invoice_counters"."year" between 2000 and 9999),
	CONSTRAINT "operator_invoice_counters_last_number_positive" CHECK ("operator_invoice_counters"."last_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "note_code" text;--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "note_params" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "commission_period" date;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_commission_per_month_uq" ON "invoices" USING btree ("buyer_id","commission_period") WHERE commission_period is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_iban_shape" CHECK ("users"."iban" is null or "users"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bic_shape" CHECK ("users"."bic" is null or "users"."bic" ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_or_commission" CHECK (("invoices"."order_id" is null) = ("invoices"."commission_period" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_commission_is_invoice" CHECK ("invoices"."commission_period" is null or ("invoices"."kind" = 'INVOICE' and "invoices"."seller_id" is null));