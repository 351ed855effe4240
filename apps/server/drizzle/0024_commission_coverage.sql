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
CREATE INDEX "invoices_commission_period_idx" ON "invoices" USING btree ("buyer_id","commission_period") WHERE commission_period is not null;--> statement-breakpoint
-- Backfill (decision 996): the sale invoices of the orders the monthly commission already charged by
-- delivery month (decision 850) are covered by that commission invoice, with the amount its line
-- charged (0 when its commission rounded to 0,00 € and it had no line), so the new rule never
-- charges them a second time.
INSERT INTO "commission_coverage" ("sale_invoice_id", "commission_invoice_id", "period", "base", "percent", "commission")
SELECT s.id, c.id, c.commission_period, s.net,
       CASE WHEN s.net > 0 THEN least(50, round(coalesce(l.charged, 0) * 100 / s.net, 2)) ELSE 0 END,
       coalesce(l.charged, 0)
FROM "invoices" c
JOIN "orders" o ON o.seller_id = c.buyer_id
  AND o.status IN ('DELIVERED', 'CLOSED') AND o.received_net_kg IS NOT NULL
  AND coalesce(o.received_at, o.delivered_at) >= (c.commission_period::timestamp AT TIME ZONE 'Europe/Paris')
  AND coalesce(o.received_at, o.delivered_at) < ((c.commission_period + interval '1 month')::timestamp AT TIME ZONE 'Europe/Paris')
JOIN "invoices" s ON s.order_id = o.id AND s.kind = 'INVOICE' AND s.status <> 'NEEDS_DATA' AND s.net IS NOT NULL
LEFT JOIN LATERAL (
  SELECT least(s.net, (x->>'unitPrice')::numeric) AS charged
  FROM jsonb_array_elements(c.input->'lines') x
  WHERE x->>'orderNumber' = o.number
  LIMIT 1
) l ON true
WHERE c.commission_period IS NOT NULL AND c.input IS NOT NULL
ON CONFLICT ("sale_invoice_id") DO NOTHING;
