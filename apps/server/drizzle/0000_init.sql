CREATE TYPE "public"."user_category" AS ENUM('admin', 'client', 'supplier');--> statement-breakpoint
CREATE TYPE "public"."product_family" AS ENUM('fruits', 'legumes');--> statement-breakpoint
CREATE TYPE "public"."company_kind" AS ENUM('supplier', 'client');--> statement-breakpoint
CREATE TYPE "public"."incoterm" AS ENUM('FOB', 'CIF');--> statement-breakpoint
CREATE TYPE "public"."price_import_origin" AS ENUM('upload', 'cli', 'schedule');--> statement-breakpoint
CREATE TYPE "public"."price_import_status" AS ENUM('ok', 'failed');--> statement-breakpoint
CREATE TYPE "public"."price_type" AS ENUM('market', 'grower');--> statement-breakpoint
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
CREATE INDEX "price_imports_finished_idx" ON "price_imports" USING btree ("finished_at");