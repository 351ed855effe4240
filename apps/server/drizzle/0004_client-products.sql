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
ALTER TABLE "client_price_lists" ADD CONSTRAINT "client_price_lists_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_product_link_id_product_links_id_fk" FOREIGN KEY ("product_link_id") REFERENCES "public"."product_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_origin_id_countries_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_price_lists_client_uq" ON "client_price_lists" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_variants_link_idx" ON "client_variants" USING btree ("product_link_id");