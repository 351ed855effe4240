-- Lot facts (issue 25, decision 870): every lot states its EU quality class. Lots made before the class
-- was asked read class I (the class most fresh produce is traded in, and what a lot without a class was
-- sold as by default); the default is dropped at once, so a new lot must state its class.
CREATE TYPE "public"."quality_class" AS ENUM('EXTRA', 'I', 'II');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quality_class" "quality_class" NOT NULL DEFAULT 'I';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "quality_class" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variety" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_on" date;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price","id") WHERE status = 'ENABLED' and auction_start_date is null;
