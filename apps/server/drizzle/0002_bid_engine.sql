-- Bid engine (issues 10 and 14, decisions 400-404): the lot's current price and bidder count kept on
-- the lot, a hidden reserve, idempotent bids, automatic (proxy) bids with secret maxima, soft close.
-- ends_at is the CURRENT end from now on: soft close moves it, the closer and every check read it.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "highest_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "bidder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "reserve_price" numeric(10, 2);--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "products" ADD CONSTRAINT "products_reserve_price_min" CHECK ("reserve_price" IS NULL OR "reserve_price" >= "price");
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "offers_user_idempotency_key_idx" ON "offers" ("user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "auction_maxima" (
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "max_amount" numeric(10, 2) NOT NULL,
  -- The key of the last request that set this maximum without placing an offer (a leader's raise).
  "idempotency_key" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "auction_maxima_pk" PRIMARY KEY ("product_id", "user_id"),
  CONSTRAINT "auction_maxima_amount_pos" CHECK ("max_amount" > 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auction_maxima_user_idx" ON "auction_maxima" ("user_id");--> statement-breakpoint
UPDATE "products" p SET "highest_amount" = s.h, "bidder_count" = s.c
  FROM (SELECT o.product_id, max(o.amount) AS h, count(DISTINCT o.user_id)::int AS c FROM offers o GROUP BY o.product_id) s
  WHERE s.product_id = p.id;--> statement-breakpoint
-- The increment table of packages/shared/src/auctions/rules.ts (BID_INCREMENTS); a test compares both.
CREATE OR REPLACE FUNCTION bid_increment(p_highest numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_highest < 1.00 THEN 0.01 WHEN p_highest < 5.00 THEN 0.02 ELSE 0.05 END::numeric
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bid_next_minimum(p_start numeric, p_highest numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_highest IS NULL THEN p_start ELSE greatest(p_start, p_highest + bid_increment(p_highest)) END
$$;--> statement-breakpoint
-- One offer: inserted at p_at; says whether its bidder is new on the lot (for bidder_count).
CREATE OR REPLACE FUNCTION bid_insert_offer(p_product integer, p_user integer, p_amount numeric, p_auto boolean, p_key text, p_at timestamptz)
RETURNS TABLE (r_id bigint, r_new_bidder boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_new boolean;
  v_id bigint;
BEGIN
  v_new := NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p_product AND o.user_id = p_user);
  INSERT INTO offers (product_id, user_id, amount, auto, idempotency_key, created_at)
    VALUES (p_product, p_user, p_amount, p_auto, p_key, p_at) RETURNING id INTO v_id;
  r_id := v_id;
  r_new_bidder := v_new;
  RETURN NEXT;
END;
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS place_bid(integer, integer, numeric, numeric);--> statement-breakpoint
-- The whole bid in one transaction under the lot's row lock (decisions 203, 400-404). Returns one row
-- per offer it created, in order (r_created = true; r_mine marks the bidder's own offer), or one row
-- for a refusal, a repeat (REPEAT: the offer stored under this idempotency key) or a raise of one's
-- own maximum (RAISED: the bidder's leading offer, nothing created). r_highest, r_bidders and
-- r_reserve_met are the lot's state just after that row's offer; r_ends_at is the lot's end after the call.
CREATE OR REPLACE FUNCTION place_bid(p_product integer, p_user integer, p_amount numeric, p_max numeric, p_key text)
RETURNS TABLE (
  r_outcome text, r_offer_id bigint, r_user integer, r_amount numeric, r_auto boolean, r_at timestamptz,
  r_created boolean, r_mine boolean, r_ends_at timestamptz, r_highest numeric, r_bidders integer,
  r_reserve_met boolean, r_minimum numeric
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lot record;
  top record;
  prev record;
  ins record;
  v_now timestamptz;
  v_active boolean;
  v_price numeric;
  v_leader integer;
  v_min numeric;
  v_lmax numeric;
  v_ceiling numeric;
  v_open numeric;
  v_amt numeric;
  v_end timestamptz;
  v_bidders integer;
  v_highest numeric;
  v_ids bigint[] := '{}';
  v_users integer[] := '{}';
  v_amts numeric[] := '{}';
  v_autos boolean[] := '{}';
  v_news boolean[] := '{}';
  v_mine bigint;
  i integer;
BEGIN
  SELECT p.id, p.supplier_id, p.status, p.price, p.auction_start_date, p.ends_at, p.bidder_count, p.reserve_price INTO lot
    FROM products p WHERE p.id = p_product FOR UPDATE;
  IF NOT FOUND OR lot.auction_start_date IS NULL THEN
    r_outcome := 'NOT_FOUND'; RETURN NEXT; RETURN;
  END IF;
  -- Everything below reads after the lock: a twin request holding it has committed by now.
  SELECT o.amount, o.user_id INTO top FROM offers o WHERE o.product_id = p_product ORDER BY o.amount DESC, o.id DESC LIMIT 1;
  v_price := top.amount;
  v_leader := top.user_id;
  r_ends_at := lot.ends_at;
  r_highest := v_price;
  r_bidders := lot.bidder_count;
  r_reserve_met := CASE WHEN lot.reserve_price IS NULL THEN NULL ELSE coalesce(v_price >= lot.reserve_price, false) END;
  v_min := bid_next_minimum(lot.price, v_price);

  IF p_key IS NOT NULL THEN
    SELECT o.id, o.product_id, o.user_id, o.amount, o.auto, o.created_at INTO prev
      FROM offers o WHERE o.user_id = p_user AND o.idempotency_key = p_key;
    IF FOUND THEN
      IF prev.product_id <> p_product THEN
        r_outcome := 'KEY_REUSED'; RETURN NEXT; RETURN;
      END IF;
      r_outcome := 'REPEAT'; r_offer_id := prev.id; r_user := prev.user_id; r_amount := prev.amount; r_auto := prev.auto;
      r_at := prev.created_at; r_created := false; r_mine := true; r_minimum := v_min;
      RETURN NEXT; RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM auction_maxima m WHERE m.product_id = p_product AND m.user_id = p_user AND m.idempotency_key = p_key) THEN
      SELECT o.id, o.user_id, o.amount, o.auto, o.created_at INTO prev
        FROM offers o WHERE o.product_id = p_product AND o.user_id = p_user ORDER BY o.amount DESC, o.id DESC LIMIT 1;
      r_outcome := 'REPEAT'; r_offer_id := prev.id; r_user := prev.user_id; r_amount := prev.amount; r_auto := prev.auto;
      r_at := prev.created_at; r_created := false; r_mine := true; r_minimum := v_min;
      RETURN NEXT; RETURN;
    END IF;
  END IF;

  IF lot.supplier_id = p_user THEN
    r_outcome := 'OWN_PRODUCT'; RETURN NEXT; RETURN;
  END IF;
  v_now := clock_timestamp();
  SELECT u.active INTO v_active FROM users u WHERE u.id = p_user;
  IF NOT coalesce(v_active, false) THEN
    r_outcome := 'ACCOUNT_INACTIVE'; RETURN NEXT; RETURN;
  END IF;
  IF lot.status <> 'IN_AUCTION' OR v_now >= lot.ends_at THEN
    r_outcome := 'AUCTION_CLOSED'; r_at := v_now; RETURN NEXT; RETURN;
  END IF;
  IF v_now < lot.auction_start_date THEN
    r_outcome := 'NOT_STARTED'; r_at := v_now; RETURN NEXT; RETURN;
  END IF;
  -- The app refuses these first (AMOUNT_INVALID); checked again so no caller can store one. Cap = MAX_BID_CENTS.
  IF p_amount IS NULL OR p_amount <= 0 OR p_amount > 1000.00 OR p_amount <> round(p_amount, 2)
     OR (p_max IS NOT NULL AND (p_max <= 0 OR p_max > 1000.00 OR p_max <> round(p_max, 2))) THEN
    r_outcome := 'AMOUNT_INVALID'; RETURN NEXT; RETURN;
  END IF;
  r_minimum := v_min;

  IF v_leader = p_user THEN
    -- The leader: a plain bid would outbid itself; a maximum is a raise and places no offer, unless it
    -- reaches a reserve the price has not met yet (the price then goes to the reserve at once).
    IF p_max IS NULL THEN
      r_outcome := 'ALREADY_HIGHEST'; RETURN NEXT; RETURN;
    END IF;
    IF p_max < v_min THEN
      r_outcome := 'MAX_BELOW_MINIMUM'; RETURN NEXT; RETURN;
    END IF;
    INSERT INTO auction_maxima AS m (product_id, user_id, max_amount, idempotency_key, created_at, updated_at)
      VALUES (p_product, p_user, p_max, p_key, v_now, v_now)
      ON CONFLICT (product_id, user_id) DO UPDATE SET max_amount = excluded.max_amount, idempotency_key = excluded.idempotency_key, updated_at = excluded.updated_at;
    IF lot.reserve_price IS NOT NULL AND v_price < lot.reserve_price AND p_max >= lot.reserve_price THEN
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, lot.reserve_price, true, NULL, v_now);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || lot.reserve_price; v_autos := v_autos || true; v_news := v_news || ins.r_new_bidder;
      v_mine := ins.r_id;
    ELSE
      SELECT o.id, o.user_id, o.amount, o.auto, o.created_at INTO prev
        FROM offers o WHERE o.product_id = p_product AND o.user_id = p_user ORDER BY o.amount DESC, o.id DESC LIMIT 1;
      r_outcome := 'RAISED'; r_offer_id := prev.id; r_user := prev.user_id; r_amount := prev.amount; r_auto := prev.auto;
      r_at := prev.created_at; r_created := false; r_mine := true;
      RETURN NEXT; RETURN;
    END IF;
  ELSE
    IF p_max IS NULL THEN
      IF p_amount < v_min THEN
        r_outcome := 'BID_TOO_LOW'; RETURN NEXT; RETURN;
      END IF;
      v_ceiling := p_amount;
      v_open := p_amount;
    ELSE
      IF p_max < v_min OR p_max < p_amount THEN
        r_outcome := 'MAX_BELOW_MINIMUM'; RETURN NEXT; RETURN;
      END IF;
      v_ceiling := p_max;
      v_open := greatest(p_amount, v_min);
      INSERT INTO auction_maxima AS m (product_id, user_id, max_amount, idempotency_key, created_at, updated_at)
        VALUES (p_product, p_user, p_max, NULL, v_now, v_now)
        ON CONFLICT (product_id, user_id) DO UPDATE SET max_amount = excluded.max_amount, idempotency_key = NULL, updated_at = excluded.updated_at;
    END IF;
    -- Only the leader's maximum can answer: every other maximum is at or below the price already.
    v_lmax := NULL;
    IF v_leader IS NOT NULL THEN
      SELECT m.max_amount INTO v_lmax FROM auction_maxima m WHERE m.product_id = p_product AND m.user_id = v_leader;
      IF v_lmax <= v_price THEN v_lmax := NULL; END IF;
    END IF;
    IF v_lmax IS NOT NULL AND v_lmax >= v_open AND v_ceiling > v_lmax THEN
      -- Two maxima: the leader's goes to its end, the newcomer's leads by one increment (or its maximum).
      SELECT * INTO ins FROM bid_insert_offer(p_product, v_leader, v_lmax, true, NULL, v_now);
      v_ids := v_ids || ins.r_id; v_users := v_users || v_leader; v_amts := v_amts || v_lmax; v_autos := v_autos || true; v_news := v_news || ins.r_new_bidder;
      v_amt := least(v_ceiling, bid_next_minimum(lot.price, v_lmax));
      IF lot.reserve_price IS NOT NULL AND v_ceiling >= lot.reserve_price THEN v_amt := greatest(v_amt, lot.reserve_price); END IF;
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, v_amt, false, p_key, v_now);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || v_amt; v_autos := v_autos || false; v_news := v_news || ins.r_new_bidder;
      v_mine := ins.r_id;
    ELSIF v_lmax IS NOT NULL AND v_lmax >= v_open THEN
      -- The leader's maximum is at least the newcomer's ceiling: the newcomer's offer stands at its
      -- ceiling and the leader answers one increment above (capped at its maximum; equal maxima → the earlier leads).
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, v_ceiling, false, p_key, v_now);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || v_ceiling; v_autos := v_autos || false; v_news := v_news || ins.r_new_bidder;
      v_mine := ins.r_id;
      v_amt := least(v_lmax, bid_next_minimum(lot.price, v_ceiling));
      IF lot.reserve_price IS NOT NULL AND v_lmax >= lot.reserve_price THEN v_amt := greatest(v_amt, lot.reserve_price); END IF;
      SELECT * INTO ins FROM bid_insert_offer(p_product, v_leader, v_amt, true, NULL, v_now);
      v_ids := v_ids || ins.r_id; v_users := v_users || v_leader; v_amts := v_amts || v_amt; v_autos := v_autos || true; v_news := v_news || ins.r_new_bidder;
    ELSE
      v_amt := v_open;
      IF lot.reserve_price IS NOT NULL AND v_ceiling >= lot.reserve_price THEN v_amt := greatest(v_amt, lot.reserve_price); END IF;
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, v_amt, false, p_key, v_now);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || v_amt; v_autos := v_autos || false; v_news := v_news || ins.r_new_bidder;
      v_mine := ins.r_id;
    END IF;
  END IF;

  -- Soft close (SOFT_CLOSE_WINDOW_MS = 2 min, SOFT_CLOSE_MAX_EXTENSION_MS = 30 min past start + AUCTION_DURATION_MS).
  v_end := lot.ends_at;
  IF v_now >= lot.ends_at - interval '120 seconds' THEN
    v_end := greatest(lot.ends_at, least(v_now + interval '120 seconds', lot.auction_start_date + interval '259200 seconds' + interval '1800 seconds'));
  END IF;
  v_bidders := lot.bidder_count;
  v_highest := v_price;
  FOR i IN 1 .. array_length(v_ids, 1) LOOP
    IF v_news[i] THEN v_bidders := v_bidders + 1; END IF;
    v_highest := greatest(coalesce(v_highest, v_amts[i]), v_amts[i]);
  END LOOP;
  UPDATE products SET highest_amount = v_highest, bidder_count = v_bidders, ends_at = v_end, updated_at = v_now WHERE id = p_product;

  v_bidders := lot.bidder_count;
  v_highest := v_price;
  FOR i IN 1 .. array_length(v_ids, 1) LOOP
    IF v_news[i] THEN v_bidders := v_bidders + 1; END IF;
    v_highest := greatest(coalesce(v_highest, v_amts[i]), v_amts[i]);
    r_outcome := 'OK'; r_offer_id := v_ids[i]; r_user := v_users[i]; r_amount := v_amts[i]; r_auto := v_autos[i];
    r_at := v_now; r_created := true; r_mine := v_ids[i] = v_mine; r_ends_at := v_end; r_highest := v_highest;
    r_bidders := v_bidders;
    r_reserve_met := CASE WHEN lot.reserve_price IS NULL THEN NULL ELSE v_highest >= lot.reserve_price END;
    RETURN NEXT;
  END LOOP;
END;
$$;
