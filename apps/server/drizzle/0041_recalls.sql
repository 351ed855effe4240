CREATE TABLE "recall_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"recall_id" integer NOT NULL,
	"buyer_id" integer,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"orders" jsonb NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	CONSTRAINT "recall_notices_ack_after_notice" CHECK ("recall_notices"."acknowledged_at" is null or "recall_notices"."acknowledged_at" >= "recall_notices"."notified_at")
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"lot_number" text NOT NULL,
	"lot_title" text NOT NULL,
	"reason" text NOT NULL,
	"exercise" boolean NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" integer
);
--> statement-breakpoint
ALTER TABLE "notification_prefs" DROP CONSTRAINT "notification_prefs_kind_chk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_chk";--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recall_notices_recall_buyer_uq" ON "recall_notices" USING btree ("recall_id","buyer_id");--> statement-breakpoint
CREATE INDEX "recall_notices_buyer_idx" ON "recall_notices" USING btree ("buyer_id","recall_id");--> statement-breakpoint
CREATE INDEX "recalls_started_idx" ON "recalls" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recalls_product_idx" ON "recalls" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_kind_chk" CHECK ("notification_prefs"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered', 'webhook_disabled', 'lot_recalled'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_chk" CHECK ("notifications"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered', 'webhook_disabled', 'lot_recalled'));