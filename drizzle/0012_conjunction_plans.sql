CREATE TABLE "conjunction_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conjunction_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"burn_epoch" timestamp (3) with time zone NOT NULL,
	"dv_r" double precision NOT NULL,
	"dv_t" double precision NOT NULL,
	"dv_n" double precision NOT NULL,
	"target_pc" double precision NOT NULL,
	"threshold_km" double precision NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"reference_set" jsonb NOT NULL,
	"status" text NOT NULL,
	"screened_at" timestamp with time zone,
	"result" jsonb,
	"acceptable" boolean,
	"reason" text,
	"error" text,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
ALTER TABLE "conjunction_plans" ADD CONSTRAINT "conjunction_plans_event_id_conjunction_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conjunction_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conjunction_plans_event_idx" ON "conjunction_plans" USING btree ("event_id");