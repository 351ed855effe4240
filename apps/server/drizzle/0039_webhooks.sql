CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"sequence" bigint NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"duration_ms" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_chk" CHECK ("webhook_deliveries"."status" in ('pending', 'failed', 'delivered', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"url" text NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"position" bigint DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_attempt_status" text,
	"last_attempt_code" integer,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_disabled_reason_chk" CHECK ("webhook_endpoints"."disabled_reason" is null or "webhook_endpoints"."disabled_reason" in ('manual', 'failing')),
	CONSTRAINT "webhook_endpoints_url_length" CHECK (char_length("webhook_endpoints"."url") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "notification_prefs" DROP CONSTRAINT "notification_prefs_kind_chk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_chk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_uq" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_sequence_idx" ON "webhook_deliveries" USING btree ("endpoint_id","sequence");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_live_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE status in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_live_subject_idx" ON "webhook_deliveries" USING btree ("endpoint_id","subject","sequence") WHERE status in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_idx" ON "webhook_endpoints" USING btree ("company_id","id");--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_kind_chk" CHECK ("notification_prefs"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered', 'webhook_disabled'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_chk" CHECK ("notifications"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered', 'webhook_disabled'));