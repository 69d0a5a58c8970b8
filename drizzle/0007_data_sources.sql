CREATE TABLE "data_source_file_rows" (
	"data_source_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "data_source_file_rows_data_source_id_row_number_pk" PRIMARY KEY("data_source_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"secret" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "data_sources_type_check" CHECK ("data_sources"."type" in ('postgres', 'mysql', 'http', 'file'))
);
--> statement-breakpoint
CREATE TABLE "project_data_sources" (
	"project_id" uuid NOT NULL,
	"data_source_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_data_sources_project_id_data_source_id_pk" PRIMARY KEY("project_id","data_source_id")
);
--> statement-breakpoint
ALTER TABLE "data_source_file_rows" ADD CONSTRAINT "data_source_file_rows_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_data_sources" ADD CONSTRAINT "project_data_sources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_data_sources" ADD CONSTRAINT "project_data_sources_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_data_sources" ADD CONSTRAINT "project_data_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_data_sources" ADD CONSTRAINT "project_data_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_org_name_unique" ON "data_sources" USING btree ("organization_id",lower("name")) WHERE "data_sources"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_data_sources_source_idx" ON "project_data_sources" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "project_data_sources_org_idx" ON "project_data_sources" USING btree ("organization_id");