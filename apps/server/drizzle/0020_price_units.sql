CREATE TYPE "public"."price_unit" AS ENUM('kg', 'piece', 'box', 'bunch');--> statement-breakpoint
ALTER TABLE "grower_prices" ADD COLUMN "unit" "price_unit" DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_prices" ADD COLUMN "unit" "price_unit" DEFAULT 'kg' NOT NULL;--> statement-breakpoint
CREATE INDEX "grower_prices_article_idx" ON "grower_prices" USING btree ("article_id","date");--> statement-breakpoint
CREATE INDEX "market_prices_article_idx" ON "market_prices" USING btree ("article_id","date");