CREATE TYPE "public"."price_import_origin" AS ENUM('upload', 'cli', 'schedule');--> statement-breakpoint
CREATE TYPE "public"."price_import_status" AS ENUM('ok', 'failed');--> statement-breakpoint
CREATE TYPE "public"."price_type" AS ENUM('market', 'grower');--> statement-breakpoint
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
ALTER TABLE "grower_prices" ADD CONSTRAINT "grower_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grower_prices" ADD CONSTRAINT "grower_prices_import_id_price_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."price_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_import_id_price_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."price_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grower_prices_key_uq" ON "grower_prices" USING btree ("date","source","family","name");--> statement-breakpoint
CREATE INDEX "grower_prices_product_idx" ON "grower_prices" USING btree ("family","name","date");--> statement-breakpoint
CREATE UNIQUE INDEX "market_prices_key_uq" ON "market_prices" USING btree ("date","source","family","name");--> statement-breakpoint
CREATE INDEX "market_prices_product_idx" ON "market_prices" USING btree ("family","name","date");--> statement-breakpoint
CREATE INDEX "price_imports_finished_idx" ON "price_imports" USING btree ("finished_at");