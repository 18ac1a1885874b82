CREATE TABLE "dataset_exclusions" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "servers" uuid[];--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "withdrawn_reason" jsonb;--> statement-breakpoint
ALTER TABLE "dataset_exclusions" ADD CONSTRAINT "dataset_exclusions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;