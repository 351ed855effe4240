CREATE TYPE "public"."purchase_request_status" AS ENUM('PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."order_actor" AS ENUM('BUYER', 'SELLER', 'OPERATOR', 'SYSTEM');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('AUCTION', 'PURCHASE_REQUEST');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('CONFIRMED', 'SHIPPED', 'DELIVERED', 'CLOSED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea",
	"source" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" "order_actor" NOT NULL,
	"actor_user_id" integer,
	"company_name" text,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"status" "order_status" DEFAULT 'CONFIRMED' NOT NULL,
	"source" "order_source" NOT NULL,
	"product_id" integer,
	"purchase_request_id" integer,
	"offer_id" bigint,
	"buyer_id" integer,
	"seller_id" integer,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"lot" jsonb NOT NULL,
	"pallets" integer NOT NULL,
	"estimated_net_kg" numeric(14, 2),
	"price_per_kg" numeric(12, 2) NOT NULL,
	"amount" numeric(16, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"requested_delivery_date" date,
	"carrier_id" integer,
	"carrier_name" text,
	"shipped_pallets" integer,
	"shipped_net_kg" numeric(14, 2),
	"departure_date" date,
	"vehicle_plate" text,
	"shipped_at" timestamp with time zone,
	"received_pallets" integer,
	"received_net_kg" numeric(14, 2),
	"received_at" timestamp with time zone,
	"received_automatically" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_pallets_pos" CHECK ("orders"."pallets" > 0),
	CONSTRAINT "orders_price_pos" CHECK ("orders"."price_per_kg" > 0),
	CONSTRAINT "orders_shipped_le_ordered" CHECK ("orders"."shipped_pallets" is null or ("orders"."shipped_pallets" > 0 and "orders"."shipped_pallets" <= "orders"."pallets")),
	CONSTRAINT "orders_received_le_shipped" CHECK ("orders"."received_pallets" is null or ("orders"."received_pallets" > 0 and "orders"."received_pallets" <= "orders"."shipped_pallets" and "orders"."received_net_kg" <= "orders"."shipped_net_kg"))
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_quantity_pos";--> statement-breakpoint
ALTER TABLE "notification_prefs" DROP CONSTRAINT "notification_prefs_kind_chk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_chk";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_kg_per_pallet" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "boxes_per_pallet" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_kg_per_box" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "status" "purchase_request_status" DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_request_id_purchase_requests_id_fk" FOREIGN KEY ("purchase_request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_transports_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."transports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attachments_outbox_idx" ON "outbox_attachments" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "outbox_attachments_unrendered_idx" ON "outbox_attachments" USING btree ("id") WHERE content is null;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_auction_product_uq" ON "orders" USING btree ("product_id") WHERE source = 'AUCTION';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_purchase_request_uq" ON "orders" USING btree ("purchase_request_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_buyer_status_created_idx" ON "orders" USING btree ("buyer_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_seller_status_created_idx" ON "orders" USING btree ("seller_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_shipped_due_idx" ON "orders" USING btree ("shipped_at") WHERE status = 'SHIPPED';--> statement-breakpoint
CREATE INDEX "orders_delivered_due_idx" ON "orders" USING btree ("delivered_at") WHERE status = 'DELIVERED';--> statement-breakpoint
CREATE INDEX "purchase_requests_pending_idx" ON "purchase_requests" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quantity_nonneg" CHECK ("products"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_kg_per_pallet_pos" CHECK ("products"."net_kg_per_pallet" is null or "products"."net_kg_per_pallet" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_boxes_per_pallet_pos" CHECK ("products"."boxes_per_pallet" is null or "products"."boxes_per_pallet" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_kg_per_box_pos" CHECK ("products"."net_kg_per_box" is null or "products"."net_kg_per_box" > 0);--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_kind_chk" CHECK ("notification_prefs"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_chk" CHECK ("notifications"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired'));