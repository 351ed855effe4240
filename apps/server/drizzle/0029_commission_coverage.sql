CREATE TABLE "commission_coverage" (
	"sale_invoice_id" integer PRIMARY KEY NOT NULL,
	"commission_invoice_id" integer,
	"period" date NOT NULL,
	"base" numeric(16, 2) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"commission" numeric(16, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_coverage_period_first_day" CHECK (extract(day from "commission_coverage"."period") = 1),
	CONSTRAINT "commission_coverage_amounts" CHECK ("commission_coverage"."base" >= 0 and "commission_coverage"."commission" >= 0 and "commission_coverage"."commission" <= "commission_coverage"."base"),
	CONSTRAINT "commission_coverage_zero_without_invoice" CHECK ("commission_coverage"."commission_invoice_id" is not null or "commission_coverage"."commission" = 0)
);
--> statement-breakpoint
DROP INDEX "invoices_one_commission_per_month_uq";--> statement-breakpoint
ALTER TABLE "commission_coverage" ADD CONSTRAINT "commission_coverage_sale_invoice_id_invoices_id_fk" FOREIGN KEY ("sale_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_coverage" ADD CONSTRAINT "commission_coverage_commission_invoice_id_invoices_id_fk" FOREIGN KEY ("commission_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_coverage_invoice_idx" ON "commission_coverage" USING btree ("commission_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_commission_period_idx" ON "invoices" USING btree ("buyer_id","commission_period") WHERE commission_period is not null;