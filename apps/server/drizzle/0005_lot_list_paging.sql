-- The marketplace list (fixed-price lots on sale, newest first) read page by page: an index in the
-- list's own order, holding only the lots that can be on sale, so a page is a short index walk.
CREATE INDEX IF NOT EXISTS "products_on_sale_idx" ON "products" USING btree ("created_at" DESC, "id" DESC) WHERE status = 'ENABLED' AND auction_start_date IS NULL;
