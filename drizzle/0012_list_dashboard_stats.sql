DROP INDEX "customer_activities_org_created_idx";--> statement-breakpoint
DROP INDEX "customer_activities_org_status_change_idx";--> statement-breakpoint
ALTER TABLE "customer_daily_stats" ADD COLUMN "churned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_activities_org_created_id_idx" ON "customer_activities" USING btree ("organization_id","created_at","id");--> statement-breakpoint
-- customer_daily_stats.churned: how many times live customers were moved to churned on each UTC
-- day (their 'status_change' activities to 'churned'), so the dashboard's churn in a range sums
-- a row per day instead of reading the timeline. Activities added or removed count for live
-- customers; deleting or restoring a customer (customers trigger below) moves its churn out or
-- back. A customer removed outright with its timeline (only when its organisation is deleted,
-- which takes these rows along) is not subtracted.
CREATE FUNCTION "customer_churn_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_daily_stats (organization_id, day, customers, churned)
    SELECT a.organization_id, (a.created_at AT TIME ZONE 'UTC')::date, 0, count(*)::int
    FROM new_rows a
    JOIN customers c ON c.id = a.customer_id AND c.deleted_at IS NULL
    WHERE a.type = 'status_change' AND a.to_status = 'churned'
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (organization_id, day) DO UPDATE
    SET churned = customer_daily_stats.churned + excluded.churned;
  ELSE
    UPDATE customer_daily_stats s
    SET churned = s.churned - d.n
    FROM (
      SELECT a.organization_id, (a.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM old_rows a
      JOIN customers c ON c.id = a.customer_id AND c.deleted_at IS NULL
      WHERE a.type = 'status_change' AND a.to_status = 'churned'
      GROUP BY 1, 2
    ) d
    WHERE s.organization_id = d.organization_id AND s.day = d.day;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_activities_churn_insert" AFTER INSERT ON "customer_activities"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_churn_apply"();
--> statement-breakpoint
CREATE TRIGGER "customer_activities_churn_delete" AFTER DELETE ON "customer_activities"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_churn_apply"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOR org IN SELECT DISTINCT organization_id FROM old_rows ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(hashtext('customer_stats'), hashtext(org::text));
    END LOOP;
    UPDATE customer_stats s
    SET customers = s.customers - d.n, value = s.value - d.v
    FROM (
      SELECT organization_id, status,
        coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid) AS owner_key,
        count(*)::int AS n, sum(value) AS v
      FROM old_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3
    ) d
    WHERE s.organization_id = d.organization_id AND s.status = d.status
      AND s.owner_key = d.owner_key;
    UPDATE customer_daily_stats s
    SET customers = s.customers - d.n
    FROM (
      SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM old_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2
    ) d
    WHERE s.organization_id = d.organization_id AND s.day = d.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN
      FOR org IN SELECT DISTINCT organization_id FROM new_rows ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(hashtext('customer_stats'), hashtext(org::text));
      END LOOP;
    END IF;
    INSERT INTO customer_stats (organization_id, status, owner_key, customers, value)
    SELECT organization_id, status,
      coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid),
      count(*)::int, sum(value)
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, status, owner_key) DO UPDATE
    SET customers = customer_stats.customers + excluded.customers,
      value = customer_stats.value + excluded.value;
    INSERT INTO customer_daily_stats (organization_id, day, customers)
    SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (organization_id, day) DO UPDATE
    SET customers = customer_daily_stats.customers + excluded.customers;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- A customer deleted (or restored) takes its moves to churned out of (or back into) the
    -- daily churn counts.
    INSERT INTO customer_daily_stats (organization_id, day, customers, churned)
    SELECT a.organization_id, (a.created_at AT TIME ZONE 'UTC')::date, 0,
      sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END)::int
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    JOIN customer_activities a ON a.customer_id = o.id
    WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
      AND a.type = 'status_change' AND a.to_status = 'churned'
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (organization_id, day) DO UPDATE
    SET churned = customer_daily_stats.churned + excluded.churned;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO customer_daily_stats (organization_id, day, customers, churned)
SELECT a.organization_id, (a.created_at AT TIME ZONE 'UTC')::date, 0, count(*)::int
FROM customer_activities a
JOIN customers c ON c.id = a.customer_id AND c.deleted_at IS NULL
WHERE a.type = 'status_change' AND a.to_status = 'churned'
GROUP BY 1, 2
ON CONFLICT (organization_id, day) DO UPDATE SET churned = excluded.churned;
