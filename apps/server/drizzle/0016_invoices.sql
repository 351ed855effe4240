CREATE TYPE "public"."invoice_kind" AS ENUM('INVOICE', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('NEEDS_DATA', 'ISSUED', 'PAID');--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"xml" text NOT NULL,
	"pages" integer NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"number" text,
	"status" "invoice_status" NOT NULL,
	"needs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_id" integer,
	"buyer_id" integer,
	"order_id" integer NOT NULL,
	"claim_id" integer,
	"preceding_invoice_id" integer,
	"issue_date" date,
	"due_date" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"net" numeric(16, 2),
	"vat" numeric(16, 2),
	"total" numeric(16, 2),
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input" jsonb,
	"paid_on" date,
	"paid_amount" numeric(16, 2),
	"paid_by" integer,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_claim_iff_credit_note" CHECK (("invoices"."kind" = 'CREDIT_NOTE') = ("invoices"."claim_id" is not null)),
	CONSTRAINT "invoices_issued_complete" CHECK ("invoices"."status" = 'NEEDS_DATA' or ("invoices"."number" is not null and "invoices"."issue_date" is not null and "invoices"."due_date" is not null and "invoices"."total" is not null and "invoices"."input" is not null)),
	CONSTRAINT "invoices_paid_complete" CHECK (("invoices"."status" = 'PAID') = ("invoices"."paid_on" is not null and "invoices"."paid_amount" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_preceding_invoice_id_invoices_id_fk" FOREIGN KEY ("preceding_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_uq" ON "invoices" USING btree ("order_id") WHERE kind = 'INVOICE';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_claim_uq" ON "invoices" USING btree ("claim_id") WHERE kind = 'CREDIT_NOTE';--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" USING btree ("seller_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date") WHERE status = 'ISSUED' and reminder_sent_at is null;