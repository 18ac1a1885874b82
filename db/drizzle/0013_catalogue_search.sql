ALTER TABLE "servers" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "servers_search_idx" ON "servers" USING gin ("search_vector");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "servers_name_trgm_idx" ON "servers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
UPDATE "servers" SET "search_vector" = setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B');
