CREATE TABLE "customer_daily_stats" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"customers" integer NOT NULL,
	CONSTRAINT "customer_daily_stats_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "customer_stats" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"owner_key" uuid NOT NULL,
	"customers" integer NOT NULL,
	"value" numeric NOT NULL,
	CONSTRAINT "customer_stats_organization_id_status_owner_key_pk" PRIMARY KEY("organization_id","status","owner_key")
);
--> statement-breakpoint
ALTER TABLE "customer_daily_stats" ADD CONSTRAINT "customer_daily_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_activities_org_status_change_idx" ON "customer_activities" USING btree ("organization_id","created_at") WHERE "customer_activities"."type" = 'status_change';--> statement-breakpoint
CREATE INDEX "customers_org_deleted_idx" ON "customers" USING btree ("organization_id","id") WHERE "customers"."deleted_at" is not null;--> statement-breakpoint
-- customer_stats and customer_daily_stats follow every change of customers: rows that were
-- live (deleted_at is null) before a statement are taken away, rows that are live after it are
-- added. Decrements only update existing rows (a cascade from a deleted organisation must not
-- insert). A per-organisation advisory lock keeps concurrent writers of one organisation from
-- deadlocking on these rows.
CREATE FUNCTION "customer_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_stats_insert" AFTER INSERT ON "customers"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_apply"();
--> statement-breakpoint
CREATE TRIGGER "customer_stats_update" AFTER UPDATE ON "customers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_apply"();
--> statement-breakpoint
CREATE TRIGGER "customer_stats_delete" AFTER DELETE ON "customers"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_apply"();
--> statement-breakpoint
INSERT INTO customer_stats (organization_id, status, owner_key, customers, value)
SELECT organization_id, status,
  coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid),
  count(*)::int, sum(value)
FROM customers WHERE deleted_at IS NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO customer_daily_stats (organization_id, day, customers)
SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int
FROM customers WHERE deleted_at IS NULL
GROUP BY 1, 2;
