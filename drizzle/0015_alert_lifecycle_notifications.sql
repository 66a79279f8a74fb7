CREATE TABLE "conjunction_alert_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conjunction_alert_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"actor" text,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"from_risk" text,
	"to_risk" text,
	"assignee" text,
	"comment" text,
	"reason" text,
	"plan_id" integer,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rule_id" integer,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"event" text NOT NULL,
	"event_id" integer,
	"dedupe_key" text NOT NULL,
	"change_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"locked_until" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"secret_enc" text,
	"min_risk" text,
	"min_pc" double precision,
	"scope" text DEFAULT 'fleet' NOT NULL,
	"events" jsonb NOT NULL,
	"tca_within_hours" double precision DEFAULT 24 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "alert_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "assignee" text;--> statement-breakpoint
ALTER TABLE "conjunction_events" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "conjunction_alert_changes" ADD CONSTRAINT "conjunction_alert_changes_event_id_conjunction_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conjunction_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_rule_id_notification_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."notification_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_event_id_conjunction_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conjunction_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conjunction_alert_changes_event_idx" ON "conjunction_alert_changes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "conjunction_alert_changes_undispatched_idx" ON "conjunction_alert_changes" USING btree ("id") WHERE dispatched_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_dedupe_uq" ON "notification_deliveries" USING btree ("rule_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_event_idx" ON "notification_deliveries" USING btree ("event_id","rule_id");--> statement-breakpoint
-- Events closed before the lifecycle existed are closed alerts (an event is closed exactly when its alert is).
UPDATE "conjunction_events" SET "alert_status" = 'closed' WHERE "status" = 'closed';
