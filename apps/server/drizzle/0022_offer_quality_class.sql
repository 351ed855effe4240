ALTER TABLE "supplier_variants" ADD COLUMN "quality_class" "quality_class";--> statement-breakpoint
ALTER TABLE "unchecked_products" ADD COLUMN "quality_class" "quality_class";