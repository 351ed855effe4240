CREATE TYPE "public"."inbound_source" AS ENUM('whatsapp', 'paste');--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" "inbound_source" NOT NULL,
	"external_id" text,
	"from_phone" text,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unchecked_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"supplier_id" integer,
	"line" text NOT NULL,
	"product_name" text NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"packaging" text DEFAULT '' NOT NULL,
	"box" text DEFAULT '' NOT NULL,
	"caliber" text DEFAULT '' NOT NULL,
	"price_kg" numeric(12, 3),
	"price_colis" numeric(12, 3),
	"price_piece" numeric(12, 3),
	"volume" numeric(10, 2),
	"start_date" date,
	"lookalike" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD CONSTRAINT "unchecked_products_message_id_inbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD CONSTRAINT "unchecked_products_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_external_uq" ON "inbound_messages" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "unchecked_products_message_idx" ON "unchecked_products" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "unchecked_products_created_idx" ON "unchecked_products" USING btree ("created_at","id");