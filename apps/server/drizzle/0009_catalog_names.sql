-- Boxes, packagings and certificates named in each interface language (issue 16, decision 640).
-- The `name` column stays the spec's value (id + name); `names` holds { en, fr, de, es }, filled from
-- the reference catalog at every start (db/reference/catalog.ts). NULL for entries the file does not
-- know: readers fall back to `name`.
ALTER TABLE "boxes" ADD COLUMN IF NOT EXISTS "names" jsonb;
--> statement-breakpoint
ALTER TABLE "packagings" ADD COLUMN IF NOT EXISTS "names" jsonb;
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN IF NOT EXISTS "names" jsonb;
--> statement-breakpoint
-- One spelling for the reusable crates: the spec's "ifco" and "europool" (packaging options of §9).
UPDATE "boxes" SET "name" = 'ifco ' || substr("name", 6)
  WHERE "name" LIKE 'IFCO %' AND NOT EXISTS (SELECT 1 FROM "boxes" b WHERE b."name" = 'ifco ' || substr("boxes"."name", 6));
--> statement-breakpoint
UPDATE "boxes" SET "name" = 'europool ' || substr("name", 11)
  WHERE "name" LIKE 'Euro Pool %' AND NOT EXISTS (SELECT 1 FROM "boxes" b WHERE b."name" = 'europool ' || substr("boxes"."name", 11));
