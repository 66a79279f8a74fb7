ALTER TABLE "screening_jobs" ADD COLUMN IF NOT EXISTS "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_jobs" ADD COLUMN IF NOT EXISTS "owner" text;
