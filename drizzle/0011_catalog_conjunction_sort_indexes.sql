DROP INDEX "catalog_screening_conjunctions_pc_idx";--> statement-breakpoint
DROP INDEX "catalog_screening_conjunctions_miss_idx";--> statement-breakpoint
CREATE INDEX "catalog_screening_conjunctions_pc_order_idx" ON "catalog_screening_conjunctions" USING btree ("job_id",(-"collision_probability"),"miss_distance_km","seq");--> statement-breakpoint
CREATE INDEX "catalog_screening_conjunctions_maxpc_order_idx" ON "catalog_screening_conjunctions" USING btree ("job_id",(-"max_collision_probability"),"miss_distance_km","seq");--> statement-breakpoint
CREATE INDEX "catalog_screening_conjunctions_miss_order_idx" ON "catalog_screening_conjunctions" USING btree ("job_id","miss_distance_km","seq");--> statement-breakpoint
CREATE INDEX "catalog_screening_conjunctions_tca_order_idx" ON "catalog_screening_conjunctions" USING btree ("job_id","tca","seq");