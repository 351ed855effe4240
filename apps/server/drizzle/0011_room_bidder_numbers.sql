ALTER TABLE "auction_maxima" ADD COLUMN "idempotency_request" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "bidder_number" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "idempotency_request" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "extended_ms" integer DEFAULT 0 NOT NULL;