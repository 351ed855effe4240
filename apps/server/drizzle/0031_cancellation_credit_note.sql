-- Decision 966: a credit note is a settled claim's or its order's cancellation's (credit_reason), one
-- cancellation credit note per order. The enum type is created here, so its values may be used in
-- this migration's transaction (unlike a value added to an existing type, see 0025).
CREATE TYPE "public"."credit_note_reason" AS ENUM('CLAIM', 'CANCELLATION');--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_claim_iff_credit_note";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_reason" "credit_note_reason";--> statement-breakpoint
UPDATE "invoices" SET "credit_reason" = 'CLAIM' WHERE "kind" = 'CREDIT_NOTE' AND "claim_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_cancellation_per_order_uq" ON "invoices" USING btree ("order_id") WHERE credit_reason = 'CANCELLATION';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_cause" CHECK (("invoices"."kind" = 'CREDIT_NOTE') = ("invoices"."claim_id" is not null or "invoices"."credit_reason" = 'CANCELLATION'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_reason_consistent" CHECK ("invoices"."credit_reason" is null or ("invoices"."kind" = 'CREDIT_NOTE' and ("invoices"."credit_reason" = 'CANCELLATION') = ("invoices"."claim_id" is null) and "invoices"."order_id" is not null));