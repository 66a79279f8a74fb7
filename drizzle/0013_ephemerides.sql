CREATE TABLE "ephemerides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ephemerides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"norad_id" integer NOT NULL,
	"object_id" text NOT NULL,
	"object_name" text NOT NULL,
	"originator" text NOT NULL,
	"creation_date" timestamp (3) with time zone NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"imported_by" text NOT NULL,
	"file_name" text,
	"format" text NOT NULL,
	"text" text NOT NULL,
	"ref_frame" text NOT NULL,
	"usable_start" timestamp (3) with time zone NOT NULL,
	"usable_stop" timestamp (3) with time zone NOT NULL,
	"states" integer NOT NULL,
	"covariances" integer NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ephemerides_norad_sha256_uq" ON "ephemerides" USING btree ("norad_id","sha256");--> statement-breakpoint
CREATE INDEX "ephemerides_norad_usable_idx" ON "ephemerides" USING btree ("norad_id","usable_start","usable_stop");--> statement-breakpoint
CREATE INDEX "ephemerides_imported_idx" ON "ephemerides" USING btree ("imported_at");