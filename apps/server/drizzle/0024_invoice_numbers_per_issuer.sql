-- Decision 970: numbers are unique per issuer (two sellers may share a prefix) and counted per seller,
-- kind and year. The existing counters become the INVOICE series: they counted credit notes too, so
-- the invoice series carries on after every number already given (none is reused), and credit notes
-- start a series of their own whose numbers carry the CN marker (never equal to an old number).
DROP INDEX "invoices_number_uq";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "kind" "invoice_kind" DEFAULT 'INVOICE' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_seller_company_id_year_pk";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_seller_company_id_kind_year_pk" PRIMARY KEY("seller_company_id","kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_uq" ON "invoices" USING btree ("seller_id","number") WHERE seller_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_operator_number_uq" ON "invoices" USING btree ("number") WHERE seller_id is null;
