CREATE TABLE "solar_indices_days" (
	"date" date PRIMARY KEY NOT NULL,
	"f10" double precision,
	"f81c" double precision,
	"s10" double precision,
	"s81c" double precision,
	"m10" double precision,
	"m81c" double precision,
	"y10" double precision,
	"y81c" double precision,
	"source" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storm_temperature_days" (
	"date" date PRIMARY KEY NOT NULL,
	"hourly" jsonb NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solar_indices_days" ADD CONSTRAINT "solar_indices_days_import_id_space_weather_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."space_weather_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_temperature_days" ADD CONSTRAINT "storm_temperature_days_import_id_space_weather_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."space_weather_imports"("id") ON DELETE no action ON UPDATE no action;