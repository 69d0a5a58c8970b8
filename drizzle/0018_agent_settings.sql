CREATE TABLE "agent_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"run_retention_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settings_retention_check" CHECK ("agent_settings"."run_retention_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;