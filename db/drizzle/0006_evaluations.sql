CREATE TYPE "public"."evaluation_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "case_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_version_id" uuid NOT NULL,
	"generator" text NOT NULL,
	"settings_key" text NOT NULL,
	"case_set_hash" text NOT NULL,
	"case_count" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eval_cases" (
	"case_set_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"case_id" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"expected" text,
	"utterance" text NOT NULL,
	"data" json NOT NULL,
	CONSTRAINT "eval_cases_case_set_id_ordinal_pk" PRIMARY KEY("case_set_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"server_version_id" uuid NOT NULL,
	"name" text,
	"status" "evaluation_status" DEFAULT 'queued' NOT NULL,
	"settings" jsonb NOT NULL,
	"case_set_id" uuid,
	"units" integer DEFAULT 0 NOT NULL,
	"generation_units" integer DEFAULT 0 NOT NULL,
	"created_by_key_id" uuid,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "model_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"model_id" text NOT NULL,
	"provider" text NOT NULL,
	"baseline" boolean NOT NULL,
	"provider_fingerprint" text NOT NULL,
	"settings" jsonb NOT NULL,
	"comparability_key" text NOT NULL,
	"distractors_key" text NOT NULL,
	"language" text NOT NULL,
	"generator" text NOT NULL,
	"cases_per_tool" integer NOT NULL,
	"repeats" integer NOT NULL,
	"status" "evaluation_status" DEFAULT 'queued' NOT NULL,
	"units" integer NOT NULL,
	"generation_units" integer DEFAULT 0 NOT NULL,
	"refunded_units" integer DEFAULT 0 NOT NULL,
	"trial_count" integer NOT NULL,
	"reused_trials" integer DEFAULT 0 NOT NULL,
	"metrics" json,
	"facts" jsonb,
	"error" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "result_cache" (
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"result" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_cache_organisation_id_key_pk" PRIMARY KEY("organisation_id","key")
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"model_run_id" uuid NOT NULL,
	"case_id" text NOT NULL,
	"repeat" integer NOT NULL,
	"record" json NOT NULL,
	"verdict" text NOT NULL,
	"arg_error_kinds" text[] NOT NULL,
	"truncated" boolean NOT NULL,
	"error" boolean NOT NULL,
	"cached" boolean NOT NULL,
	"units" integer NOT NULL,
	"seed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trials_model_run_id_case_id_repeat_pk" PRIMARY KEY("model_run_id","case_id","repeat")
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payment_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_sets" ADD CONSTRAINT "case_sets_server_version_id_server_versions_id_fk" FOREIGN KEY ("server_version_id") REFERENCES "public"."server_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eval_cases" ADD CONSTRAINT "eval_cases_case_set_id_case_sets_id_fk" FOREIGN KEY ("case_set_id") REFERENCES "public"."case_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_server_version_id_server_versions_id_fk" FOREIGN KEY ("server_version_id") REFERENCES "public"."server_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_case_set_id_case_sets_id_fk" FOREIGN KEY ("case_set_id") REFERENCES "public"."case_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_runs" ADD CONSTRAINT "model_runs_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_cache" ADD CONSTRAINT "result_cache_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_model_run_id_model_runs_id_fk" FOREIGN KEY ("model_run_id") REFERENCES "public"."model_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_sets_version_settings_idx" ON "case_sets" USING btree ("server_version_id","settings_key");--> statement-breakpoint
CREATE UNIQUE INDEX "eval_cases_case_idx" ON "eval_cases" USING btree ("case_set_id","case_id");--> statement-breakpoint
CREATE INDEX "evaluations_server_idx" ON "evaluations" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_organisation_idx" ON "evaluations" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_runs_evaluation_model_idx" ON "model_runs" USING btree ("evaluation_id","model_id");--> statement-breakpoint
CREATE INDEX "model_runs_board_idx" ON "model_runs" USING btree ("model_id","comparability_key","status");