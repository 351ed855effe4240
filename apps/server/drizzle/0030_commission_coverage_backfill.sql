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
JOIN "invoices" s ON s.order_id = o.id AND s.kind = 'INVOICE' AND s.status IN ('ISSUED', 'PAID') AND s.net IS NOT NULL
LEFT JOIN LATERAL (
  SELECT least(s.net, (x->>'unitPrice')::numeric) AS charged
  FROM jsonb_array_elements(c.input->'lines') x
  WHERE x->>'orderNumber' = o.number
  LIMIT 1
) l ON true
WHERE c.commission_period IS NOT NULL AND c.input IS NOT NULL
ON CONFLICT ("sale_invoice_id") DO NOTHING;
