CREATE TYPE "public"."release_status" AS ENUM('building', 'published', 'failed');--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"release_id" text NOT NULL,
	"status" "release_status" DEFAULT 'building' NOT NULL,
	"manifest" jsonb,
	"bytes" bigint,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "releases_releaseId_unique" UNIQUE("release_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "releases_kind_key_version_idx" ON "releases" USING btree ("kind","key","version");--> statement-breakpoint
CREATE INDEX "releases_published_idx" ON "releases" USING btree ("status","kind","published_at");