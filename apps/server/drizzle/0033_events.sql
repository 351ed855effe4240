CREATE TABLE "event_cursors" (
	"processor" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"handled" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_failures" (
	"processor" text NOT NULL,
	"event_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_failures_processor_event_id_pk" PRIMARY KEY("processor","event_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"actor" jsonb,
	"company_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_failures" ADD CONSTRAINT "event_failures_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_failures_subject_idx" ON "event_failures" USING btree ("processor","subject","subject_id","event_id");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject","subject_id","id");