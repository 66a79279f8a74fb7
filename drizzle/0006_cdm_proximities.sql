CREATE TABLE "cdm_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cdm_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"originator" text NOT NULL,
	"message_id" text NOT NULL,
	"creation_date" timestamp (3) with time zone NOT NULL,
	"tca" timestamp (6) with time zone NOT NULL,
	"object1_norad" integer NOT NULL,
	"object2_norad" integer NOT NULL,
	"format" text NOT NULL,
	"raw" text NOT NULL,
	"event_id" integer NOT NULL,
	"pc" double precision,
	"pc_method" text NOT NULL,
	"file_name" text,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proximities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proximities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"primary_norad" integer NOT NULL,
	"secondary_norad" integer NOT NULL,
	"kind" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"min_km" double precision NOT NULL,
	"max_km" double precision NOT NULL,
	"mean_km" double precision NOT NULL,
	"relative_speed_m_s" double precision NOT NULL,
	"status" text NOT NULL,
	"first_detected" timestamp with time zone NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"last_run_id" integer
);
--> statement-breakpoint
ALTER TABLE "conjunction_event_updates" ADD COLUMN "source" text DEFAULT 'screening' NOT NULL;--> statement-breakpoint
ALTER TABLE "conjunction_event_updates" ADD COLUMN "pc_method" text;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "source" text DEFAULT 'screening' NOT NULL;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "pc2d" double precision;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "pc3d" double precision;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "pc_method" text DEFAULT 'pc2d' NOT NULL;--> statement-breakpoint
ALTER TABLE "cdm_messages" ADD CONSTRAINT "cdm_messages_event_id_conjunction_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conjunction_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proximities" ADD CONSTRAINT "proximities_last_run_id_screening_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."screening_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cdm_messages_originator_message_uq" ON "cdm_messages" USING btree ("originator","message_id");--> statement-breakpoint
CREATE INDEX "cdm_messages_event_idx" ON "cdm_messages" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "proximities_status_idx" ON "proximities" USING btree ("status");--> statement-breakpoint
CREATE INDEX "proximities_pair_idx" ON "proximities" USING btree ("primary_norad","secondary_norad");--> statement-breakpoint
CREATE INDEX "conjunction_events_tca_idx" ON "conjunction_events" USING btree ("tca");