CREATE TABLE "feed_entries" (
	"company_id" integer NOT NULL,
	"sequence" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "feed_entries_company_id_sequence_pk" PRIMARY KEY("company_id","sequence")
);
--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_entries_company_event_uq" ON "feed_entries" USING btree ("company_id","event_id");--> statement-breakpoint
CREATE INDEX "feed_entries_event_idx" ON "feed_entries" USING btree ("event_id");