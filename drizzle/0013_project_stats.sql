CREATE TABLE "project_stats" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"projects" integer NOT NULL,
	CONSTRAINT "project_stats_organization_id_status_pk" PRIMARY KEY("organization_id","status")
);
--> statement-breakpoint
ALTER TABLE "project_stats" ADD CONSTRAINT "project_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- project_stats follows every change of projects, as customer_stats follows customers (0008):
-- rows live (deleted_at is null) before a statement are taken away, rows live after it added.
-- Decrements only update existing rows (a cascade from a deleted organisation must not insert);
-- a per-organisation advisory lock keeps concurrent writers of one organisation from
-- deadlocking on these rows.
CREATE FUNCTION "project_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOR org IN SELECT DISTINCT organization_id FROM old_rows ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(hashtext('project_stats'), hashtext(org::text));
    END LOOP;
    UPDATE project_stats s
    SET projects = s.projects - d.n
    FROM (
      SELECT organization_id, status, count(*)::int AS n
      FROM old_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2
    ) d
    WHERE s.organization_id = d.organization_id AND s.status = d.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN
      FOR org IN SELECT DISTINCT organization_id FROM new_rows ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(hashtext('project_stats'), hashtext(org::text));
      END LOOP;
    END IF;
    INSERT INTO project_stats (organization_id, status, projects)
    SELECT organization_id, status, count(*)::int
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE
    SET projects = project_stats.projects + excluded.projects;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "project_stats_insert" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "project_stats_apply"();
--> statement-breakpoint
CREATE TRIGGER "project_stats_update" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "project_stats_apply"();
--> statement-breakpoint
CREATE TRIGGER "project_stats_delete" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "project_stats_apply"();
--> statement-breakpoint
INSERT INTO project_stats (organization_id, status, projects)
SELECT organization_id, status, count(*)::int
FROM projects WHERE deleted_at IS NULL
GROUP BY 1, 2;
