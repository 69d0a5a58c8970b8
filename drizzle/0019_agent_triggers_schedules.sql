CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_id" uuid,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schedule_fires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"run_id" uuid,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"cron" text,
	"interval_seconds" integer,
	"run_at" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"catch_up" text DEFAULT 'skip' NOT NULL,
	"catch_up_limit" integer DEFAULT 10 NOT NULL,
	"overlap" text DEFAULT 'skip' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"notify_on_failure" boolean DEFAULT true NOT NULL,
	"next_fire_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_kind_check" CHECK ("schedules"."kind" in ('cron', 'interval', 'once')),
	CONSTRAINT "schedules_catch_up_check" CHECK ("schedules"."catch_up" in ('skip', 'once', 'all')),
	CONSTRAINT "schedules_overlap_check" CHECK ("schedules"."overlap" in ('skip', 'queue', 'allow'))
);
--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "max_concurrent_runs" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "monthly_token_budget" bigint;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "monthly_cost_budget" double precision;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "budget_notified_month" text;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "api_key_rate_limit" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "webhook_token" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "webhook_signing_secret" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "max_concurrent_runs" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_fires" ADD CONSTRAINT "schedule_fires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_fires" ADD CONSTRAINT "schedule_fires_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_fires" ADD CONSTRAINT "schedule_fires_run_id_agent_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_unique" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_created_idx" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_org_name_unique" ON "api_keys" USING btree ("organization_id",lower("name")) WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_fires_schedule_time_unique" ON "schedule_fires" USING btree ("schedule_id","fire_at");--> statement-breakpoint
CREATE INDEX "schedule_fires_pending_idx" ON "schedule_fires" USING btree ("fire_at") WHERE "schedule_fires"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "schedule_fires_org_time_idx" ON "schedule_fires" USING btree ("organization_id","fire_at");--> statement-breakpoint
CREATE INDEX "schedules_org_idx" ON "schedules" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_agent_idx" ON "schedules" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_fire_at") WHERE "schedules"."enabled";--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_concurrency_check" CHECK ("agent_settings"."max_concurrent_runs" between 1 and 1000);