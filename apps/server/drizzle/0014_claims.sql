CREATE TYPE "public"."claim_status" AS ENUM('OPEN', 'PROPOSED', 'REJECTED', 'ESCALATED', 'SETTLED');--> statement-breakpoint
CREATE TYPE "public"."claim_step" AS ENUM('filed', 'accepted', 'proposed', 'rejected', 'escalated', 'decided');--> statement-breakpoint
CREATE TABLE "claim_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"step" "claim_step" NOT NULL,
	"actor" "order_actor" NOT NULL,
	"actor_user_id" integer,
	"company_name" text,
	"credit" numeric(16, 2),
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" "claim_status" DEFAULT 'OPEN' NOT NULL,
	"reasons" jsonb NOT NULL,
	"pallets" integer,
	"net_kg" numeric(14, 2),
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credit_asked" numeric(16, 2) NOT NULL,
	"credit_proposed" numeric(16, 2),
	"settled_credit" numeric(16, 2),
	"settled_at" timestamp with time zone,
	"filed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_credit_asked_pos" CHECK ("claims"."credit_asked" > 0),
	CONSTRAINT "claims_credit_proposed_nonneg" CHECK ("claims"."credit_proposed" is null or "claims"."credit_proposed" >= 0),
	CONSTRAINT "claims_settled_consistent" CHECK (("claims"."status" = 'SETTLED') = ("claims"."settled_credit" is not null and "claims"."settled_at" is not null)),
	CONSTRAINT "claims_settled_nonneg" CHECK ("claims"."settled_credit" is null or "claims"."settled_credit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notification_prefs" DROP CONSTRAINT "notification_prefs_kind_chk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_chk";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_differences" text;--> statement-breakpoint
ALTER TABLE "claim_history" ADD CONSTRAINT "claim_history_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_history" ADD CONSTRAINT "claim_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_history_claim_idx" ON "claim_history" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_order_uq" ON "claims" USING btree ("order_id") WHERE status <> 'SETTLED';--> statement-breakpoint
CREATE INDEX "claims_order_idx" ON "claims" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "claims_status_created_idx" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_kind_chk" CHECK ("notification_prefs"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_chk" CHECK ("notifications"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim'));