CREATE TYPE "public"."failure_kind" AS ENUM('wrong_tool', 'bad_arguments', 'call_when_none_fitted', 'no_call_when_one_fitted');--> statement-breakpoint
CREATE TABLE "failure_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"task_id" text NOT NULL,
	"prompt" text NOT NULL,
	"expected" text,
	"created_by_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failure_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid,
	"surface_hash" text NOT NULL,
	"tool_called" text,
	"expected_tool" text,
	"kind" "failure_kind" NOT NULL,
	"model" text NOT NULL,
	"utterance" text,
	"dedupe_key" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "failure_cases" ADD CONSTRAINT "failure_cases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_cases" ADD CONSTRAINT "failure_cases_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_cases" ADD CONSTRAINT "failure_cases_report_id_failure_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."failure_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_cases" ADD CONSTRAINT "failure_cases_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_reports" ADD CONSTRAINT "failure_reports_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_reports" ADD CONSTRAINT "failure_reports_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_reports" ADD CONSTRAINT "failure_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "failure_cases_report_idx" ON "failure_cases" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "failure_cases_server_idx" ON "failure_cases" USING btree ("server_id","organisation_id");--> statement-breakpoint
CREATE INDEX "failure_reports_server_idx" ON "failure_reports" USING btree ("server_id") WHERE "failure_reports"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "failure_reports_surface_idx" ON "failure_reports" USING btree ("surface_hash") WHERE "failure_reports"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "failure_reports_key_idx" ON "failure_reports" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "failure_reports_dedupe_idx" ON "failure_reports" USING btree ("api_key_id","dedupe_key","created_at");