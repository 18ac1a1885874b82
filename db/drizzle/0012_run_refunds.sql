ALTER TABLE "model_runs" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "latency_ms" integer;