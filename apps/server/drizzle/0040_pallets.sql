CREATE TABLE "pallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"gs1" boolean NOT NULL,
	"net_kg" numeric(10, 2) NOT NULL,
	"gross_kg" numeric(10, 2),
	"boxes" integer,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pallets_seq_pos" CHECK ("pallets"."seq" > 0),
	CONSTRAINT "pallets_net_pos" CHECK ("pallets"."net_kg" > 0),
	CONSTRAINT "pallets_gross_ge_net" CHECK ("pallets"."gross_kg" is null or "pallets"."gross_kg" >= "pallets"."net_kg"),
	CONSTRAINT "pallets_boxes_pos" CHECK ("pallets"."boxes" is null or "pallets"."boxes" > 0),
	CONSTRAINT "pallets_sscc_shape" CHECK (not "pallets"."gs1" or "pallets"."code" ~ '^[0-9]{18}$')
);
--> statement-breakpoint
CREATE TABLE "sscc_counters" (
	"prefix" text PRIMARY KEY NOT NULL,
	"next" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sscc_counters_next_nonneg" CHECK ("sscc_counters"."next" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gs1_company_prefix" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "pallets" ADD CONSTRAINT "pallets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallets" ADD CONSTRAINT "pallets_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pallets_code_uq" ON "pallets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "pallets_order_seq_uq" ON "pallets" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_gs1_prefix_uq" ON "users" USING btree ("gs1_company_prefix") WHERE gs1_company_prefix is not null;--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gs1_prefix_shape" CHECK ("users"."gs1_company_prefix" is null or "users"."gs1_company_prefix" ~ '^[013-9][0-9]{6,10}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_shape" CHECK ("products"."gtin" is null or "products"."gtin" ~ '^[0-9]{14}$');