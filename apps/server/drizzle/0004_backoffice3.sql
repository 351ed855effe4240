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
CREATE TABLE "client_price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"language" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_link_id" integer NOT NULL,
	"origin_id" integer,
	"box_id" integer,
	"packaging_id" integer,
	"caliber" text DEFAULT '' NOT NULL,
	"weight_piece" numeric(12, 3),
	"nb_piece" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_variants_nb_piece_min" CHECK ("client_variants"."nb_piece" >= 1),
	CONSTRAINT "client_variants_weight_nonneg" CHECK (coalesce("client_variants"."weight_piece", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD CONSTRAINT "unchecked_products_message_id_inbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD CONSTRAINT "unchecked_products_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_price_lists" ADD CONSTRAINT "client_price_lists_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_product_link_id_product_links_id_fk" FOREIGN KEY ("product_link_id") REFERENCES "public"."product_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_origin_id_countries_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_external_uq" ON "inbound_messages" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "unchecked_products_message_idx" ON "unchecked_products" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "unchecked_products_created_idx" ON "unchecked_products" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_price_lists_client_uq" ON "client_price_lists" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_variants_link_idx" ON "client_variants" USING btree ("product_link_id");