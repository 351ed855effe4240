CREATE TABLE "supplier_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_link_id" integer NOT NULL,
	"origin_id" integer,
	"packaging_id" integer,
	"box_id" integer,
	"caliber" text DEFAULT '' NOT NULL,
	"weight_piece" numeric(12, 3),
	"nb_piece" integer DEFAULT 1 NOT NULL,
	"price_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"price_colis" numeric(12, 3) DEFAULT '0' NOT NULL,
	"price_piece" numeric(12, 3) DEFAULT '0' NOT NULL,
	"volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"start_date" date DEFAULT current_date NOT NULL,
	"end_date" date DEFAULT current_date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_variants_nb_piece_min" CHECK ("supplier_variants"."nb_piece" >= 1),
	CONSTRAINT "supplier_variants_nonneg" CHECK ("supplier_variants"."price_kg" >= 0 and "supplier_variants"."price_colis" >= 0 and "supplier_variants"."price_piece" >= 0 and "supplier_variants"."volume" >= 0 and coalesce("supplier_variants"."weight_piece", 0) >= 0),
	CONSTRAINT "supplier_variants_dates_order" CHECK ("supplier_variants"."start_date" <= "supplier_variants"."end_date")
);
--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_product_link_id_product_links_id_fk" FOREIGN KEY ("product_link_id") REFERENCES "public"."product_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_origin_id_countries_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_variants_link_idx" ON "supplier_variants" USING btree ("product_link_id");--> statement-breakpoint
CREATE INDEX "supplier_variants_dates_idx" ON "supplier_variants" USING btree ("start_date","end_date");