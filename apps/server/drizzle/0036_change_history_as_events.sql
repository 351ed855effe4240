-- The change history becomes events (decision 1006): every row of audit_events is copied, in its order,
-- as the change event the services now write (`<subject>.created|updated|deleted`, the changed fields in
-- the payload, the acting account as the actor); a lot's change is its supplier's to see, an account's
-- its own. Then the table goes.
INSERT INTO "events" ("name", "subject", "subject_id", "payload", "actor", "company_ids", "at")
SELECT s.subject || '.' || CASE a."action" WHEN 'create' THEN 'created' WHEN 'update' THEN 'updated' ELSE 'deleted' END,
       s.subject,
       a."entity_id",
       jsonb_build_object('changes', a."changes"),
       CASE WHEN a."user_id" IS NULL THEN '{"kind":"system"}'::jsonb ELSE jsonb_build_object('kind', 'user', 'userId', a."user_id") END,
       CASE a."entity"
         WHEN 'user' THEN ARRAY[a."entity_id"]
         WHEN 'lot' THEN COALESCE((SELECT ARRAY[p."supplier_id"] FROM "products" p WHERE p."id" = a."entity_id" AND p."supplier_id" IS NOT NULL), '{}')
         ELSE '{}'
       END,
       a."at"
FROM "audit_events" a
CROSS JOIN LATERAL (
  SELECT CASE a."entity" WHEN 'productLink' THEN 'product_link' WHEN 'clientVariant' THEN 'client_variant' ELSE a."entity" END AS subject
) s
ORDER BY a."id";--> statement-breakpoint
DROP TABLE "audit_events" CASCADE;
