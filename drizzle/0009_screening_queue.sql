CREATE TABLE "catalog_screening_conjunctions" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"primary_norad" integer NOT NULL,
	"secondary_norad" integer NOT NULL,
	"primary_name" text NOT NULL,
	"secondary_name" text NOT NULL,
	"tca" timestamp with time zone NOT NULL,
	"miss_distance_km" double precision NOT NULL,
	"relative_speed_km_s" double precision NOT NULL,
	"collision_probability" double precision NOT NULL,
	"max_collision_probability" double precision NOT NULL,
	"risk_level" text NOT NULL,
	"pc_method" text NOT NULL,
	"regime" text NOT NULL,
	CONSTRAINT "catalog_screening_conjunctions_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "screening_catalogs" (
	"version" text PRIMARY KEY NOT NULL,
	"objects" integer NOT NULL,
	"sets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"catalog_version" text NOT NULL,
	"reason" text DEFAULT 'manual' NOT NULL,
	"execution" text DEFAULT 'threads' NOT NULL,
	"spec" jsonb NOT NULL,
	"shard_count" integer NOT NULL,
	"summary" jsonb,
	"timings" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_shards" (
	"job_id" text NOT NULL,
	"shard" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"fraction" double precision,
	"worker" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"ms" jsonb,
	"error" text,
	CONSTRAINT "screening_shards_job_id_shard_pk" PRIMARY KEY("job_id","shard")
);
--> statement-breakpoint
ALTER TABLE "catalog_screening_conjunctions" ADD CONSTRAINT "catalog_screening_conjunctions_job_id_screening_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."screening_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_shards" ADD CONSTRAINT "screening_shards_job_id_screening_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."screening_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_screening_conjunctions_pc_idx" ON "catalog_screening_conjunctions" USING btree ("job_id","collision_probability");--> statement-breakpoint
CREATE INDEX "catalog_screening_conjunctions_miss_idx" ON "catalog_screening_conjunctions" USING btree ("job_id","miss_distance_km");--> statement-breakpoint
CREATE INDEX "screening_jobs_created_idx" ON "screening_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "screening_jobs_kind_status_idx" ON "screening_jobs" USING btree ("kind","status");