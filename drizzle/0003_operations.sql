CREATE TABLE "conjunction_event_updates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conjunction_event_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"run_id" integer,
	"at" timestamp with time zone NOT NULL,
	"tca" timestamp (6) with time zone NOT NULL,
	"miss_km" double precision NOT NULL,
	"pc" double precision NOT NULL,
	"max_pc" double precision NOT NULL,
	"risk_level" text NOT NULL,
	"sigma_m" double precision
);
--> statement-breakpoint
CREATE TABLE "conjunction_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conjunction_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conjunction_id" text NOT NULL,
	"primary_norad" integer NOT NULL,
	"secondary_norad" integer NOT NULL,
	"tca" timestamp (6) with time zone NOT NULL,
	"miss_km" double precision NOT NULL,
	"radial_km" double precision NOT NULL,
	"in_track_km" double precision NOT NULL,
	"cross_track_km" double precision NOT NULL,
	"relative_velocity_km_s" double precision NOT NULL,
	"pc" double precision NOT NULL,
	"max_pc" double precision NOT NULL,
	"risk_level" text NOT NULL,
	"status" text NOT NULL,
	"close_reason" text,
	"first_detected" timestamp with time zone NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"last_run_id" integer,
	"details" jsonb NOT NULL,
	"cdm_kvn" text,
	"cdm_generated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "high_interest_objects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "high_interest_objects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"satellite_id" integer NOT NULL,
	"priority" text NOT NULL,
	"reason" text NOT NULL,
	"special_instructions" text,
	"added_by" text NOT NULL,
	"added_date" timestamp with time zone NOT NULL,
	"tracking_frequency" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maneuvers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maneuvers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"norad_id" integer NOT NULL,
	"maneuver_time" timestamp with time zone NOT NULL,
	"detection_time" timestamp (6) with time zone NOT NULL,
	"maneuver_type" text NOT NULL,
	"direction" text NOT NULL,
	"delta_v" double precision NOT NULL,
	"confidence" double precision NOT NULL,
	"delta_a_km" double precision NOT NULL,
	"delta_i_deg" double precision NOT NULL,
	"delta_raan_deg" double precision NOT NULL,
	"detected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operations_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operations_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_type" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"conjunction_id" text,
	"norad_id" integer
);
--> statement-breakpoint
CREATE TABLE "screening_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"threshold_km" double precision NOT NULL,
	"catalog_version" text NOT NULL,
	"primaries" integer NOT NULL,
	"objects" integer NOT NULL,
	"pairs" bigint NOT NULL,
	"approaches" integer,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "conjunction_event_updates" ADD CONSTRAINT "conjunction_event_updates_event_id_conjunction_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conjunction_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conjunction_event_updates" ADD CONSTRAINT "conjunction_event_updates_run_id_screening_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."screening_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD CONSTRAINT "conjunction_events_last_run_id_screening_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."screening_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "high_interest_objects" ADD CONSTRAINT "high_interest_objects_satellite_id_space_objects_norad_id_fk" FOREIGN KEY ("satellite_id") REFERENCES "public"."space_objects"("norad_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maneuvers" ADD CONSTRAINT "maneuvers_norad_id_space_objects_norad_id_fk" FOREIGN KEY ("norad_id") REFERENCES "public"."space_objects"("norad_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conjunction_event_updates_event_idx" ON "conjunction_event_updates" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conjunction_events_cid_uq" ON "conjunction_events" USING btree ("conjunction_id");--> statement-breakpoint
CREATE INDEX "conjunction_events_status_idx" ON "conjunction_events" USING btree ("status");--> statement-breakpoint
CREATE INDEX "conjunction_events_pair_idx" ON "conjunction_events" USING btree ("primary_norad","secondary_norad");--> statement-breakpoint
CREATE UNIQUE INDEX "high_interest_objects_satellite_uq" ON "high_interest_objects" USING btree ("satellite_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maneuvers_norad_detection_uq" ON "maneuvers" USING btree ("norad_id","detection_time");--> statement-breakpoint
CREATE INDEX "maneuvers_detection_idx" ON "maneuvers" USING btree ("detection_time");--> statement-breakpoint
CREATE INDEX "operations_events_timestamp_idx" ON "operations_events" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "screening_runs_started_idx" ON "screening_runs" USING btree ("started_at");