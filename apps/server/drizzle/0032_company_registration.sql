ALTER TABLE "users" ADD COLUMN "registration_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_capital" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registry_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_share_capital_range" CHECK ("users"."share_capital" is null or "users"."share_capital" >= 0);