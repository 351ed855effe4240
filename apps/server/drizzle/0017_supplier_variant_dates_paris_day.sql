ALTER TABLE "supplier_variants" ALTER COLUMN "start_date" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "supplier_variants" ALTER COLUMN "end_date" DROP DEFAULT;