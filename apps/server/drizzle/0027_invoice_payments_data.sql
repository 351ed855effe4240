-- Decision 964: the one payment an invoice could have (paid_on, paid_amount) becomes a row of
-- invoice_payments; credit notes get the part applied to their invoice; PAID then means "balance 0".

-- 1. Each invoice marked paid: its payment, capped at its total (a payment never exceeds the balance).
INSERT INTO "invoice_payments" ("invoice_id", "amount", "paid_on", "reference", "recorded_by", "created_at")
SELECT "id", LEAST("paid_amount", "total"), "paid_on", '', "paid_by", "updated_at"
FROM "invoices"
WHERE "kind" = 'INVOICE' AND "status" = 'PAID' AND "paid_on" IS NOT NULL AND "paid_amount" > 0 AND "total" > 0;
--> statement-breakpoint

-- 2. Each issued credit note is applied to its invoice, oldest first, up to what the payments left of
--    the invoice's total; the rest is a refund due. With room r and credit notes c1, c2… the i-th is
--    applied LEAST(r, c1+…+ci) - LEAST(r, c1+…+c(i-1)).
UPDATE "invoices" AS cn
SET "credit_applied" = a."applied"
FROM (
  SELECT c."id",
         LEAST(r."room", SUM(c."total") OVER w) - LEAST(r."room", COALESCE(SUM(c."total") OVER w, 0) - c."total") AS "applied"
  FROM "invoices" c
  JOIN (
    SELECT i."id", GREATEST(0, i."total" - COALESCE((SELECT SUM(p."amount") FROM "invoice_payments" p WHERE p."invoice_id" = i."id"), 0)) AS "room"
    FROM "invoices" i
    WHERE i."kind" = 'INVOICE' AND i."total" IS NOT NULL
  ) r ON r."id" = c."preceding_invoice_id"
  WHERE c."kind" = 'CREDIT_NOTE' AND c."status" <> 'NEEDS_DATA' AND c."total" IS NOT NULL
  WINDOW w AS (PARTITION BY c."preceding_invoice_id" ORDER BY c."id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
) a
WHERE cn."id" = a."id";
--> statement-breakpoint

-- 3. A credit note marked paid meant its money went back: a refund, up to what was not applied.
INSERT INTO "invoice_payments" ("invoice_id", "amount", "paid_on", "reference", "recorded_by", "created_at")
SELECT "id", LEAST("paid_amount", "total" - COALESCE("credit_applied", 0)), "paid_on", '', "paid_by", "updated_at"
FROM "invoices"
WHERE "kind" = 'CREDIT_NOTE' AND "status" = 'PAID' AND "paid_on" IS NOT NULL AND "paid_amount" > 0
  AND "total" - COALESCE("credit_applied", 0) > 0;
--> statement-breakpoint

-- 4. The stored status: an invoice is PAID when its balance is 0, else ISSUED; a credit note is ISSUED
--    (its state is derived). The old columns are emptied: invoice_payments holds the payments now.
UPDATE "invoices" AS i
SET "status" = CASE
      WHEN i."kind" = 'INVOICE' AND i."total"
        - COALESCE((SELECT SUM(c."credit_applied") FROM "invoices" c WHERE c."preceding_invoice_id" = i."id" AND c."kind" = 'CREDIT_NOTE'), 0)
        - COALESCE((SELECT SUM(p."amount") FROM "invoice_payments" p WHERE p."invoice_id" = i."id"), 0) <= 0
      THEN 'PAID'::"invoice_status"
      ELSE 'ISSUED'::"invoice_status"
    END,
    "paid_on" = NULL,
    "paid_amount" = NULL,
    "paid_by" = NULL
WHERE i."status" IN ('ISSUED', 'PAID');
