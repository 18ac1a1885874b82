CREATE TYPE "public"."key_purpose" AS ENUM('admin', 'ci', 'script', 'agent');--> statement-breakpoint
CREATE TYPE "public"."server_source" AS ENUM('url', 'npm', 'upload');--> statement-breakpoint
CREATE TYPE "public"."version_origin" AS ENUM('api', 'capture', 'upload', 'seed');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"purpose" "key_purpose" NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_by_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credits_remaining_range" CHECK ("credits"."remaining" >= 0 AND "credits"."remaining" <= "credits"."amount")
);
--> statement-breakpoint
CREATE TABLE "lint_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_version_id" uuid NOT NULL,
	"rules_id" text NOT NULL,
	"rules_hash" text NOT NULL,
	"score" real,
	"band" text,
	"tool_count" integer NOT NULL,
	"critical" integer NOT NULL,
	"required" integer NOT NULL,
	"minor" integer NOT NULL,
	"security_findings" integer NOT NULL,
	"tokens" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lint_saves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"server_version_id" uuid NOT NULL,
	"lint_result_id" uuid NOT NULL,
	"api_key_id" uuid,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 600 NOT NULL,
	"monthly_units_ci" integer DEFAULT 10000 NOT NULL,
	"monthly_units_script" integer DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "server_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"surface_hash" text NOT NULL,
	"label" text,
	"tools" jsonb NOT NULL,
	"tool_count" integer NOT NULL,
	"origin" "version_origin" NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"source" "server_source" NOT NULL,
	"source_url" text,
	"source_package" text,
	"homepage" text,
	"repository" text,
	"organisation_id" uuid NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"latest_version_id" uuid,
	"capture_status" text,
	"capture_error" jsonb,
	"last_captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "usage" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"purpose" "key_purpose" NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"credit_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_organisation_id_month_purpose_pk" PRIMARY KEY("organisation_id","month","purpose")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lint_results" ADD CONSTRAINT "lint_results_server_version_id_server_versions_id_fk" FOREIGN KEY ("server_version_id") REFERENCES "public"."server_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lint_saves" ADD CONSTRAINT "lint_saves_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lint_saves" ADD CONSTRAINT "lint_saves_server_version_id_server_versions_id_fk" FOREIGN KEY ("server_version_id") REFERENCES "public"."server_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lint_saves" ADD CONSTRAINT "lint_saves_lint_result_id_lint_results_id_fk" FOREIGN KEY ("lint_result_id") REFERENCES "public"."lint_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lint_saves" ADD CONSTRAINT "lint_saves_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_versions" ADD CONSTRAINT "server_versions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_organisation_idx" ON "api_keys" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "credits_spend_idx" ON "credits" USING btree ("organisation_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lint_results_version_rules_idx" ON "lint_results" USING btree ("server_version_id","rules_id","rules_hash");--> statement-breakpoint
CREATE INDEX "lint_results_board_idx" ON "lint_results" USING btree ("rules_id","rules_hash","score");--> statement-breakpoint
CREATE INDEX "lint_saves_server_idx" ON "lint_saves" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "server_versions_server_seq_idx" ON "server_versions" USING btree ("server_id","seq");--> statement-breakpoint
CREATE INDEX "server_versions_hash_idx" ON "server_versions" USING btree ("surface_hash");--> statement-breakpoint
CREATE INDEX "servers_organisation_idx" ON "servers" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "servers_public_idx" ON "servers" USING btree ("public","latest_version_id");