CREATE TABLE "scheduled_task_claims" (
	"task" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"claims" integer DEFAULT 1 NOT NULL
);
