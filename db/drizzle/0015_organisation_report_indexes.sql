DROP INDEX "failure_reports_dedupe_idx";--> statement-breakpoint
CREATE INDEX "failure_reports_organisation_idx" ON "failure_reports" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "failure_reports_organisation_dedupe_idx" ON "failure_reports" USING btree ("organisation_id","dedupe_key","created_at");