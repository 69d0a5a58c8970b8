ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Choosing a new password (change or reset) clears the requirement, whoever writes it.
CREATE FUNCTION "password_change_done"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "password_change_required" = false
  WHERE "id" = NEW."user_id" AND "password_change_required";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_password_change_done"
AFTER UPDATE OF "password" ON "accounts"
FOR EACH ROW
WHEN (NEW."provider_id" = 'credential' AND NEW."password" IS DISTINCT FROM OLD."password")
EXECUTE FUNCTION "password_change_done"();
