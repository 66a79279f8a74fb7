CREATE TABLE "catalog_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"label" text NOT NULL,
	"format" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"objects_added" integer DEFAULT 0 NOT NULL,
	"sets_added" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "element_sets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "element_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"norad_id" integer NOT NULL,
	"epoch" timestamp (6) with time zone NOT NULL,
	"mean_motion" double precision NOT NULL,
	"eccentricity" double precision NOT NULL,
	"inclination_deg" double precision NOT NULL,
	"raan_deg" double precision NOT NULL,
	"arg_perigee_deg" double precision NOT NULL,
	"mean_anomaly_deg" double precision NOT NULL,
	"bstar" double precision NOT NULL,
	"mean_motion_dot" double precision NOT NULL,
	"mean_motion_ddot" double precision NOT NULL,
	"element_set_no" integer NOT NULL,
	"rev_at_epoch" integer NOT NULL,
	"classification" text NOT NULL,
	"ephemeris_type" integer NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_objects" (
	"norad_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cospar_id" text,
	"object_type" text NOT NULL,
	"owner" text,
	"rcs_size" text,
	"rcs_m2" double precision,
	"mass_kg" double precision,
	"launch_date" date,
	"decay_date" date,
	"category" text,
	"mission" text,
	"description" text,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "element_sets" ADD CONSTRAINT "element_sets_norad_id_space_objects_norad_id_fk" FOREIGN KEY ("norad_id") REFERENCES "public"."space_objects"("norad_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_sets" ADD CONSTRAINT "element_sets_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "element_sets_norad_epoch_uq" ON "element_sets" USING btree ("norad_id","epoch");--> statement-breakpoint
CREATE INDEX "element_sets_epoch_idx" ON "element_sets" USING btree ("epoch");--> statement-breakpoint
CREATE INDEX "space_objects_owner_idx" ON "space_objects" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "space_objects_type_idx" ON "space_objects" USING btree ("object_type");