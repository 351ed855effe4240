CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"idempotency_key" text,
	"idempotency_request" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_paid_complete";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_applied" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency_uq" ON "invoice_payments" USING btree ("invoice_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_applied_range" CHECK ("invoices"."credit_applied" is null or ("invoices"."kind" = 'CREDIT_NOTE' and "invoices"."credit_applied" >= 0 and "invoices"."credit_applied" <= "invoices"."total"));