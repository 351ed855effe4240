ALTER TABLE "event_cursors" ADD COLUMN "position_txid" "xid8" DEFAULT '0'::xid8 NOT NULL;--> statement-breakpoint
-- The events already written (all committed) keep the order of their ids: transaction 0, then the default.
ALTER TABLE "events" ADD COLUMN "txid" "xid8" DEFAULT '0'::xid8 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "txid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "events_txid_idx" ON "events" USING btree ("txid","id");
