CREATE TABLE "board_entries" (
	"rules_id" text NOT NULL,
	"rules_hash" text NOT NULL,
	"server_id" uuid NOT NULL,
	"public" boolean NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL,
	"description" text,
	"lint_result_id" uuid NOT NULL,
	"score" real,
	"band" text,
	"tool_count" integer NOT NULL,
	"critical" integer NOT NULL,
	"required" integer NOT NULL,
	"minor" integer NOT NULL,
	"security_findings" integer NOT NULL,
	"tokens" integer NOT NULL,
	"version_id" uuid NOT NULL,
	"version_seq" integer NOT NULL,
	"version_label" text,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_entries_rules_id_rules_hash_server_id_pk" PRIMARY KEY("rules_id","rules_hash","server_id")
);
--> statement-breakpoint
ALTER TABLE "board_entries" ADD CONSTRAINT "board_entries_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_score_idx" ON "board_entries" USING btree ("rules_id","rules_hash","score" DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_score_asc_idx" ON "board_entries" USING btree ("rules_id","rules_hash","score" ASC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_name_idx" ON "board_entries" USING btree ("rules_id","rules_hash","name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_tools_idx" ON "board_entries" USING btree ("rules_id","rules_hash","tool_count","name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_tokens_idx" ON "board_entries" USING btree ("rules_id","rules_hash","tokens","name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_captured_idx" ON "board_entries" USING btree ("rules_id","rules_hash","captured_at","name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_server_idx" ON "board_entries" USING btree ("server_id");