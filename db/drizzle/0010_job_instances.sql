CREATE TABLE "job_holds" (
	"key" text PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"jobs" uuid[] DEFAULT '{}' NOT NULL,
	"ended_at" timestamp with time zone
);
