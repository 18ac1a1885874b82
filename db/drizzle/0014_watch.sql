CREATE TABLE "watch_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"version_id" uuid,
	"title" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"created_by_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "watch_deliveries" ADD CONSTRAINT "watch_deliveries_subscription_id_watch_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."watch_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_deliveries" ADD CONSTRAINT "watch_deliveries_event_id_watch_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."watch_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_subscriptions" ADD CONSTRAINT "watch_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_subscriptions" ADD CONSTRAINT "watch_subscriptions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_subscriptions" ADD CONSTRAINT "watch_subscriptions_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_deliveries_subscription_event_idx" ON "watch_deliveries" USING btree ("subscription_id","event_id");--> statement-breakpoint
CREATE INDEX "watch_deliveries_subscription_idx" ON "watch_deliveries" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_events_server_idx" ON "watch_events" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_events_version_kind_idx" ON "watch_events" USING btree ("version_id","kind") WHERE "watch_events"."version_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "watch_subscriptions_server_idx" ON "watch_subscriptions" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "watch_subscriptions_organisation_idx" ON "watch_subscriptions" USING btree ("organisation_id");