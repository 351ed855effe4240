-- Decision 971: an invoice that cannot be issued stays as a row NEEDS_ATTENTION with its reason, and
-- the operator's admins get one notice of kind invoice_attention. The migrations run in one transaction,
-- where a new enum value cannot be used yet: the new check names only ISSUED and PAID.
ALTER TYPE "public"."invoice_status" ADD VALUE 'NEEDS_ATTENTION';--> statement-breakpoint
ALTER TABLE "notification_prefs" DROP CONSTRAINT "notification_prefs_kind_chk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_chk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_issued_complete";--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_kind_chk" CHECK ("notification_prefs"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_chk" CHECK ("notifications"."kind" IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_complete" CHECK ("invoices"."status" not in ('ISSUED', 'PAID') or ("invoices"."number" is not null and "invoices"."issue_date" is not null and "invoices"."due_date" is not null and "invoices"."total" is not null and "invoices"."input" is not null));