CREATE TYPE "public"."order_weight_basis" AS ENUM('SHIPPED', 'RECEIVED');--> statement-breakpoint
ALTER TYPE "public"."purchase_request_status" ADD VALUE 'COUNTERED';--> statement-breakpoint
ALTER TYPE "public"."purchase_request_status" ADD VALUE 'COUNTER_DECLINED';--> statement-breakpoint
ALTER TABLE "notification_prefs" DROP CONSTRAINT "notification_prefs_kind_chk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_chk";--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "price_per_kg" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "counter_price_per_kg" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "counter_note" text;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "countered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_weight" "order_weight_basis";--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "weight_dispute" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_price_pos" CHECK ("purchase_requests"."price_per_kg" is null or "purchase_requests"."price_per_kg" > 0);--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_counter_pos" CHECK ("purchase_requests"."counter_price_per_kg" is null or "purchase_requests"."counter_price_per_kg" > 0);--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_kind_chk" CHECK ("notification_prefs"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_chk" CHECK ("notifications"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered'));