CREATE TYPE "public"."user_category" AS ENUM('admin', 'client', 'supplier');--> statement-breakpoint
CREATE TYPE "public"."product_family" AS ENUM('fruits', 'legumes');--> statement-breakpoint
CREATE TYPE "public"."company_kind" AS ENUM('supplier', 'client');--> statement-breakpoint
CREATE TYPE "public"."incoterm" AS ENUM('FOB', 'CIF');--> statement-breakpoint
CREATE TYPE "public"."price_import_origin" AS ENUM('upload', 'cli', 'schedule');--> statement-breakpoint
CREATE TYPE "public"."price_import_status" AS ENUM('ok', 'failed');--> statement-breakpoint
CREATE TYPE "public"."price_type" AS ENUM('market', 'grower');--> statement-breakpoint
CREATE TYPE "public"."product_status" AS ENUM('ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('pending', 'sent', 'failed', 'outbox');--> statement-breakpoint
CREATE TYPE "public"."inbound_source" AS ENUM('whatsapp', 'paste');--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"alpha2" varchar(2) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_alpha2_unique" UNIQUE("alpha2")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"category" "user_category" NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_id" integer,
	"city_id" integer,
	"vat_id" text NOT NULL,
	"global_gap_number" text,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"family" "product_family" NOT NULL,
	"subfamily" text NOT NULL,
	"article" text NOT NULL,
	"names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "boxes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "certificates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "packagings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "packagings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "transports" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "transports_carrier_unique" UNIQUE("carrier"),
	CONSTRAINT "transports_price_nonneg" CHECK ("transports"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "company_kind" NOT NULL,
	"company" text NOT NULL,
	"ict" "incoterm" DEFAULT 'CIF' NOT NULL,
	"transport_id" integer,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"packagings" text[] DEFAULT '{}'::text[] NOT NULL,
	"country_id" integer,
	"city_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_discount_range" CHECK ("companies"."discount" >= 0 and "companies"."discount" <= 100),
	CONSTRAINT "companies_packagings_known" CHECK ("companies"."packagings" <@ array['ifco','europool']::text[])
);
--> statement-breakpoint
CREATE TABLE "company_certificates" (
	"company_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	CONSTRAINT "company_certificates_company_id_certificate_id_pk" PRIMARY KEY("company_id","certificate_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grower_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"family" "product_family" NOT NULL,
	"name" text NOT NULL,
	"article_id" integer,
	"import_id" integer,
	"first_price" numeric(10, 3) NOT NULL,
	"second_price" numeric(10, 3),
	"third_price" numeric(10, 3),
	"fourth_price" numeric(10, 3),
	"fifth_price" numeric(10, 3),
	"sixth_price" numeric(10, 3),
	"seventh_price" numeric(10, 3),
	"eighth_price" numeric(10, 3),
	"ninth_price" numeric(10, 3),
	"tenth_price" numeric(10, 3),
	"eleventh_price" numeric(10, 3),
	"twelfth_price" numeric(10, 3),
	"thirteenth_price" numeric(10, 3),
	"fourteenth_price" numeric(10, 3),
	"fifteenth_price" numeric(10, 3)
);
--> statement-breakpoint
CREATE TABLE "market_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"family" "product_family" NOT NULL,
	"name" text NOT NULL,
	"article_id" integer,
	"import_id" integer,
	"min_price" numeric(10, 3) NOT NULL,
	"max_price" numeric(10, 3) NOT NULL,
	"avg_price" numeric(10, 3) NOT NULL,
	CONSTRAINT "market_prices_order" CHECK ("market_prices"."min_price" >= 0 and "market_prices"."min_price" <= "market_prices"."avg_price" and "market_prices"."avg_price" <= "market_prices"."max_price")
);
--> statement-breakpoint
CREATE TABLE "price_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin" "price_import_origin" NOT NULL,
	"label" text NOT NULL,
	"type" "price_type",
	"status" "price_import_status" NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"line" integer,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_amount_pos" CHECK ("offers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"caliber" text DEFAULT '' NOT NULL,
	"origin_id" integer NOT NULL,
	"packaging_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"available_until" date NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "product_status" DEFAULT 'ENABLED' NOT NULL,
	"auction_start_date" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"winning_offer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_pos" CHECK ("products"."price" > 0),
	CONSTRAINT "products_quantity_pos" CHECK ("products"."quantity" > 0),
	CONSTRAINT "products_auction_dates" CHECK (("products"."auction_start_date" is null) = ("products"."ends_at" is null))
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"pallets" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_requests_pallets_pos" CHECK ("purchase_requests"."pallets" > 0)
);
--> statement-breakpoint
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
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer,
	"contact_id" integer,
	"to_address" text NOT NULL,
	"to_name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" "email_status" DEFAULT 'pending' NOT NULL,
	"error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"packaging_id" integer,
	"box_id" integer,
	"caliber" text NOT NULL,
	"volume" numeric(12, 3) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_requests_dates_order" CHECK ("product_requests"."start_date" <= "product_requests"."end_date"),
	CONSTRAINT "product_requests_volume_pos" CHECK ("product_requests"."volume" > 0)
);
--> statement-breakpoint
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
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_links" ADD CONSTRAINT "product_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_links" ADD CONSTRAINT "product_links_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grower_prices" ADD CONSTRAINT "grower_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grower_prices" ADD CONSTRAINT "grower_prices_import_id_price_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."price_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_import_id_price_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."price_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origin_id_countries_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_product_link_id_product_links_id_fk" FOREIGN KEY ("product_link_id") REFERENCES "public"."product_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_origin_id_countries_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_variants" ADD CONSTRAINT "supplier_variants_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_request_id_product_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."product_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD CONSTRAINT "unchecked_products_message_id_inbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD CONSTRAINT "unchecked_products_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_price_lists" ADD CONSTRAINT "client_price_lists_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_product_link_id_product_links_id_fk" FOREIGN KEY ("product_link_id") REFERENCES "public"."product_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_origin_id_countries_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_variants" ADD CONSTRAINT "client_variants_packaging_id_packagings_id_fk" FOREIGN KEY ("packaging_id") REFERENCES "public"."packagings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_country_name_uq" ON "cities" USING btree ("country_id","name");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_code_uq" ON "articles" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_kind_name_uq" ON "companies" USING btree ("kind",lower("company"));--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_links_company_article_uq" ON "product_links" USING btree ("company_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grower_prices_key_uq" ON "grower_prices" USING btree ("date","source","family","name");--> statement-breakpoint
CREATE INDEX "grower_prices_product_idx" ON "grower_prices" USING btree ("family","name","date");--> statement-breakpoint
CREATE UNIQUE INDEX "market_prices_key_uq" ON "market_prices" USING btree ("date","source","family","name");--> statement-breakpoint
CREATE INDEX "market_prices_product_idx" ON "market_prices" USING btree ("family","name","date");--> statement-breakpoint
CREATE INDEX "price_imports_finished_idx" ON "price_imports" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "offers_product_amount_idx" ON "offers" USING btree ("product_id","amount" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_supplier_idx" ON "products" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "products_open_auctions_idx" ON "products" USING btree ("ends_at") WHERE status = 'IN_AUCTION';--> statement-breakpoint
CREATE INDEX "purchase_requests_product_idx" ON "purchase_requests" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "supplier_variants_link_idx" ON "supplier_variants" USING btree ("product_link_id");--> statement-breakpoint
CREATE INDEX "supplier_variants_dates_idx" ON "supplier_variants" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_request_idx" ON "outbox" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_external_uq" ON "inbound_messages" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "unchecked_products_message_idx" ON "unchecked_products" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "unchecked_products_created_idx" ON "unchecked_products" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_price_lists_client_uq" ON "client_price_lists" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_variants_link_idx" ON "client_variants" USING btree ("product_link_id");