CREATE TABLE "drag_calculations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drag_calculations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"satellite" text NOT NULL,
	"model" text NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_weather_days" (
	"provider" text NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"cadence" text NOT NULL,
	"f107_obs" double precision,
	"f107_adj" double precision,
	"f107_adj_method" text,
	"f107_obs_center81" double precision,
	"f107_adj_center81" double precision,
	"f107_obs_last81" double precision,
	"f107_adj_last81" double precision,
	"mean_status" text,
	"mean_method" text,
	"kp" jsonb,
	"ap" jsonb,
	"ap_daily" double precision,
	"source" text NOT NULL,
	"as_of" date NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "space_weather_days_provider_date_pk" PRIMARY KEY("provider","date")
);
--> statement-breakpoint
CREATE TABLE "space_weather_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "space_weather_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"label" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"rows" integer DEFAULT 0 NOT NULL,
	"days_added" integer DEFAULT 0 NOT NULL,
	"days_updated" integer DEFAULT 0 NOT NULL,
	"days_unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_date" date,
	"last_date" date,
	"last_observed_date" date
);
--> statement-breakpoint
ALTER TABLE "space_weather_days" ADD CONSTRAINT "space_weather_days_import_id_space_weather_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."space_weather_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drag_calculations_created_idx" ON "drag_calculations" USING btree ("created_at");