-- Watch list, in-app notifications, per-user alert preferences and the notifier's per-lot cursor
-- (issue 14, decision 600).
CREATE TABLE IF NOT EXISTS "auction_watches" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "auction_watches_pk" PRIMARY KEY ("user_id", "product_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auction_watches_product_idx" ON "auction_watches" ("product_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "notifications" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "product_id" integer REFERENCES "products"("id") ON DELETE CASCADE,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  -- One event, one row: the notifier inserts with ON CONFLICT DO NOTHING on this key, so a second
  -- instance (or a retried run) can never notify twice.
  "dedupe_key" text NOT NULL,
  -- false: the user turned this kind off in the app (the row still records that the event was handled).
  "in_app" boolean DEFAULT true NOT NULL,
  -- Whether an e-mail was queued with it (the outbid e-mail limit reads this).
  "emailed" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone,
  CONSTRAINT "notifications_kind_chk" CHECK ("kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_dedupe_uq" ON "notifications" ("dedupe_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_idx" ON "notifications" ("user_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_product_idx" ON "notifications" ("user_id", "product_id", "kind", "created_at" DESC);
--> statement-breakpoint
-- A missing row means "on" for both channels.
CREATE TABLE IF NOT EXISTS "notification_prefs" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "in_app" boolean DEFAULT true NOT NULL,
  "email" boolean DEFAULT true NOT NULL,
  CONSTRAINT "notification_prefs_pk" PRIMARY KEY ("user_id", "kind"),
  CONSTRAINT "notification_prefs_kind_chk" CHECK ("kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result'))
);
--> statement-breakpoint
-- The notifier's cursor per lot. Offers of one lot are inserted under the lot's row lock, so their
-- ids rise in commit order within a lot: "every offer above last_offer_id" never skips one.
CREATE TABLE IF NOT EXISTS "alert_lot_state" (
  "product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "last_offer_id" bigint DEFAULT 0 NOT NULL,
  "leader_user_id" integer,
  "leader_amount" numeric(12, 2),
  "result_done" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Lots closed before this migration are history: no result notices for them.
INSERT INTO "alert_lot_state" ("product_id", "last_offer_id", "result_done")
SELECT p."id", coalesce((SELECT max(o."id") FROM "offers" o WHERE o."product_id" = p."id"), 0), true
FROM "products" p WHERE p."closed_at" IS NOT NULL
ON CONFLICT DO NOTHING;
