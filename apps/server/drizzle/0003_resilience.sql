-- Durable WhatsApp intake (decision 522): a message is stored first, as it arrived, and parsed later
-- from the stored row; one that fails to parse stays with its error until staff parse it again.
ALTER TABLE "inbound_messages" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'parsed' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN IF NOT EXISTS "parse_error" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN IF NOT EXISTS "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN IF NOT EXISTS "parsed_at" timestamp with time zone;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_status_ck" CHECK ("status" IN ('pending', 'parsing', 'parsed', 'failed'));
EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inbound_messages_todo_idx" ON "inbound_messages" ("id") WHERE "status" IN ('pending', 'parsing', 'failed');--> statement-breakpoint

-- Live offers that survive a crash (decision 521): the notification is part of the bid's transaction,
-- so PostgreSQL delivers it to every listening instance exactly when the offer commits, whichever
-- instance took the bid and whatever happens to it afterwards. Ids only: each instance builds the
-- live messages from the committed rows.
CREATE OR REPLACE FUNCTION primeur_notify_offer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('primeur_offers', json_build_object('productId', NEW.product_id, 'offerId', NEW.id)::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "offers_notify" ON "offers";--> statement-breakpoint
CREATE TRIGGER "offers_notify" AFTER INSERT ON "offers" FOR EACH ROW EXECUTE FUNCTION primeur_notify_offer();--> statement-breakpoint

-- Background jobs (decision 524): the last run of each job, whichever instance ran it.
CREATE TABLE IF NOT EXISTS "job_runs" (
  "name" text PRIMARY KEY NOT NULL,
  "last_started_at" timestamp with time zone,
  "last_finished_at" timestamp with time zone,
  "last_outcome" text,
  "last_error" text,
  "last_duration_ms" integer,
  "last_instance" text,
  "run_count" integer DEFAULT 0 NOT NULL,
  "failure_count" integer DEFAULT 0 NOT NULL
);
