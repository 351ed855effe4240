-- Issue 19 (decisions 700-705): the proxy rule exactly, bidder pseudonyms, the soft-close extension on
-- each offer, and idempotency keys bound to their request. Replaces place_bid and bid_insert_offer of
-- migration 0002 (which stays as it was).

-- Pseudonyms: each bidder's number on a lot, in the order of its first offer.
UPDATE "offers" o SET "bidder_number" = r.n
  FROM (
    SELECT x.product_id, x.user_id, row_number() OVER (PARTITION BY x.product_id ORDER BY min(x.id))::int AS n
    FROM offers x GROUP BY x.product_id, x.user_id
  ) r
  WHERE r.product_id = o.product_id AND r.user_id = o.user_id AND o.bidder_number IS NULL;--> statement-breakpoint
-- place_bid numbers its offers itself; this covers every other insert (fixtures, demo data, imports).
CREATE OR REPLACE FUNCTION primeur_offer_bidder_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.bidder_number INTO NEW.bidder_number FROM offers o
    WHERE o.product_id = NEW.product_id AND o.user_id = NEW.user_id AND o.bidder_number IS NOT NULL LIMIT 1;
  IF NEW.bidder_number IS NULL THEN
    SELECT coalesce(max(o.bidder_number), 0) + 1 INTO NEW.bidder_number FROM offers o WHERE o.product_id = NEW.product_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "offers_bidder_number" ON "offers";--> statement-breakpoint
CREATE TRIGGER "offers_bidder_number" BEFORE INSERT ON "offers" FOR EACH ROW WHEN (NEW.bidder_number IS NULL)
  EXECUTE FUNCTION primeur_offer_bidder_number();--> statement-breakpoint

-- One offer: inserted at p_at with its bidder's number (the one it already has on the lot, else
-- p_next_number); says whether its bidder is new on the lot (for bidder_count).
CREATE OR REPLACE FUNCTION bid_insert_offer(
  p_product integer, p_user integer, p_amount numeric, p_auto boolean, p_key text, p_request text, p_at timestamptz,
  p_next_number integer, p_extended_ms integer
)
RETURNS TABLE (r_id bigint, r_new_bidder boolean, r_number integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_number integer;
  v_id bigint;
BEGIN
  SELECT o.bidder_number INTO v_number FROM offers o WHERE o.product_id = p_product AND o.user_id = p_user LIMIT 1;
  r_new_bidder := NOT FOUND;
  IF v_number IS NULL THEN v_number := p_next_number; END IF;
  INSERT INTO offers (product_id, user_id, amount, auto, idempotency_key, idempotency_request, bidder_number, extended_ms, created_at)
    VALUES (p_product, p_user, p_amount, p_auto, p_key, p_request, v_number, p_extended_ms, p_at) RETURNING id INTO v_id;
  r_id := v_id;
  r_number := v_number;
  RETURN NEXT;
END;
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS bid_insert_offer(integer, integer, numeric, boolean, text, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS place_bid(integer, integer, numeric, numeric, text);--> statement-breakpoint

-- The whole bid in one transaction under the lot's row lock (decisions 202, 400-404, 700-705). Returns
-- one row per offer it created, in order (r_created = true; r_mine marks the bidder's own offer), or
-- one row for a refusal, a repeat (REPEAT: the offer stored under this idempotency key) or a raise of
-- one's own maximum (RAISED: the bidder's leading offer, nothing created). r_highest, r_bidders and
-- r_reserve_met are the lot's state just after that row's offer; r_ends_at is the lot's end after the
-- call; r_number the row's bidder pseudonym; r_starts_at the lot's start.
--
-- The proxy rule (decision 701): after the bid, the leader is the highest maximum (or plain bid),
-- the earlier one on ties, and the price is min(leader's ceiling, runner-up's ceiling + the increment
-- at that amount), never below the next minimum the newcomer met nor the amount it typed, lifted to
-- the reserve when the leader's ceiling reaches it. Every maximum but the leader's is at or below the
-- price (kept by this very rule), so only the leader's maximum can compete with the newcomer.
CREATE OR REPLACE FUNCTION place_bid(p_product integer, p_user integer, p_amount numeric, p_max numeric, p_key text)
RETURNS TABLE (
  r_outcome text, r_offer_id bigint, r_user integer, r_amount numeric, r_auto boolean, r_at timestamptz,
  r_created boolean, r_mine boolean, r_ends_at timestamptz, r_highest numeric, r_bidders integer,
  r_reserve_met boolean, r_minimum numeric, r_number integer, r_starts_at timestamptz
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
  v_ext integer;
  v_req text;
  v_next integer;
  v_bidders integer;
  v_highest numeric;
  v_ids bigint[] := '{}';
  v_users integer[] := '{}';
  v_amts numeric[] := '{}';
  v_autos boolean[] := '{}';
  v_news boolean[] := '{}';
  v_nums integer[] := '{}';
  v_mine bigint;
  i integer;
BEGIN
  SELECT p.id, p.supplier_id, p.status, p.price, p.auction_start_date, p.ends_at, p.bidder_count, p.reserve_price INTO lot
    FROM products p WHERE p.id = p_product FOR UPDATE;
  IF NOT FOUND OR lot.auction_start_date IS NULL THEN
    r_outcome := 'NOT_FOUND'; RETURN NEXT; RETURN;
  END IF;
  r_starts_at := lot.auction_start_date;
  -- Everything below reads after the lock: a twin request holding it has committed by now.
  SELECT o.amount, o.user_id INTO top FROM offers o WHERE o.product_id = p_product ORDER BY o.amount DESC, o.id DESC LIMIT 1;
  v_price := top.amount;
  v_leader := top.user_id;
  r_ends_at := lot.ends_at;
  r_highest := v_price;
  r_bidders := lot.bidder_count;
  r_reserve_met := CASE WHEN lot.reserve_price IS NULL THEN NULL ELSE coalesce(v_price >= lot.reserve_price, false) END;
  v_min := bid_next_minimum(lot.price, v_price);
  -- What an idempotency key is bound to, besides the lot: the typed amount and maximum.
  v_req := round(p_amount, 2)::text || '/' || coalesce(round(p_max, 2)::text, '');

  IF p_key IS NOT NULL THEN
    SELECT o.id, o.product_id, o.user_id, o.amount, o.auto, o.created_at, o.bidder_number, o.idempotency_request INTO prev
      FROM offers o WHERE o.user_id = p_user AND o.idempotency_key = p_key;
    IF FOUND THEN
      IF prev.product_id <> p_product OR prev.idempotency_request IS DISTINCT FROM v_req AND prev.idempotency_request IS NOT NULL THEN
        r_outcome := 'KEY_REUSED'; RETURN NEXT; RETURN;
      END IF;
      r_outcome := 'REPEAT'; r_offer_id := prev.id; r_user := prev.user_id; r_amount := prev.amount; r_auto := prev.auto;
      r_at := prev.created_at; r_created := false; r_mine := true; r_minimum := v_min; r_number := prev.bidder_number;
      RETURN NEXT; RETURN;
    END IF;
    SELECT m.product_id, m.idempotency_request INTO prev FROM auction_maxima m WHERE m.user_id = p_user AND m.idempotency_key = p_key LIMIT 1;
    IF FOUND THEN
      IF prev.product_id <> p_product OR prev.idempotency_request IS DISTINCT FROM v_req AND prev.idempotency_request IS NOT NULL THEN
        r_outcome := 'KEY_REUSED'; RETURN NEXT; RETURN;
      END IF;
      SELECT o.id, o.user_id, o.amount, o.auto, o.created_at, o.bidder_number INTO prev
        FROM offers o WHERE o.product_id = p_product AND o.user_id = p_user ORDER BY o.amount DESC, o.id DESC LIMIT 1;
      r_outcome := 'REPEAT'; r_offer_id := prev.id; r_user := prev.user_id; r_amount := prev.amount; r_auto := prev.auto;
      r_at := prev.created_at; r_created := false; r_mine := true; r_minimum := v_min; r_number := prev.bidder_number;
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

  -- Soft close (SOFT_CLOSE_WINDOW_MS = 2 min, SOFT_CLOSE_MAX_EXTENSION_MS = 30 min past start + AUCTION_DURATION_MS).
  -- Decided before the offers are written (all share the bid time) so each carries the extension; it
  -- is applied only when an offer is created (a refused bid or a raise never extends).
  v_end := lot.ends_at;
  IF v_now >= lot.ends_at - interval '120 seconds' THEN
    v_end := greatest(lot.ends_at, least(v_now + interval '120 seconds', lot.auction_start_date + interval '259200 seconds' + interval '1800 seconds'));
  END IF;
  -- The difference of the two instants as the API sends them (ISO, whole ms; PostgreSQL keeps microseconds).
  v_ext := (floor(extract(epoch FROM v_end) * 1000) - floor(extract(epoch FROM lot.ends_at) * 1000))::integer;
  v_next := lot.bidder_count + 1;

  IF v_leader = p_user THEN
    -- The leader: a plain bid would outbid itself; a maximum is a raise (or a lowering, never below the
    -- next minimum) and places no offer, unless it reaches a reserve the price has not met yet (the
    -- price then goes to the reserve at once).
    IF p_max IS NULL THEN
      r_outcome := 'ALREADY_HIGHEST'; RETURN NEXT; RETURN;
    END IF;
    IF p_max < v_min THEN
      r_outcome := 'MAX_BELOW_MINIMUM'; RETURN NEXT; RETURN;
    END IF;
    INSERT INTO auction_maxima AS m (product_id, user_id, max_amount, idempotency_key, idempotency_request, created_at, updated_at)
      VALUES (p_product, p_user, p_max, p_key, v_req, v_now, v_now)
      ON CONFLICT (product_id, user_id) DO UPDATE SET max_amount = excluded.max_amount, idempotency_key = excluded.idempotency_key,
        idempotency_request = excluded.idempotency_request, updated_at = excluded.updated_at;
    IF lot.reserve_price IS NOT NULL AND v_price < lot.reserve_price AND p_max >= lot.reserve_price THEN
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, lot.reserve_price, true, NULL, NULL, v_now, v_next, v_ext);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || lot.reserve_price; v_autos := v_autos || true;
      v_news := v_news || ins.r_new_bidder; v_nums := v_nums || ins.r_number;
      v_mine := ins.r_id;
    ELSE
      SELECT o.id, o.user_id, o.amount, o.auto, o.created_at, o.bidder_number INTO prev
        FROM offers o WHERE o.product_id = p_product AND o.user_id = p_user ORDER BY o.amount DESC, o.id DESC LIMIT 1;
      r_outcome := 'RAISED'; r_offer_id := prev.id; r_user := prev.user_id; r_amount := prev.amount; r_auto := prev.auto;
      r_at := prev.created_at; r_created := false; r_mine := true; r_number := prev.bidder_number;
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
      INSERT INTO auction_maxima AS m (product_id, user_id, max_amount, idempotency_key, idempotency_request, created_at, updated_at)
        VALUES (p_product, p_user, p_max, NULL, NULL, v_now, v_now)
        ON CONFLICT (product_id, user_id) DO UPDATE SET max_amount = excluded.max_amount, idempotency_key = NULL,
          idempotency_request = NULL, updated_at = excluded.updated_at;
    END IF;
    -- Only the leader's maximum can answer: every other maximum is at or below the price already.
    v_lmax := NULL;
    IF v_leader IS NOT NULL THEN
      SELECT m.max_amount INTO v_lmax FROM auction_maxima m WHERE m.product_id = p_product AND m.user_id = v_leader;
      IF v_lmax <= v_price THEN v_lmax := NULL; END IF;
    END IF;
    IF v_lmax IS NOT NULL AND v_ceiling > v_lmax THEN
      -- The newcomer's ceiling beats the leader's maximum — also when that maximum lies between the
      -- price and the next minimum (issue 19: 8,35 is then the runner-up and the price is 8,40, not
      -- the next minimum 8,37). The leader's maximum goes public as its automatic offer, then the
      -- newcomer leads one increment above it (capped at its ceiling, never below what it had to bid).
      SELECT * INTO ins FROM bid_insert_offer(p_product, v_leader, v_lmax, true, NULL, NULL, v_now, v_next, v_ext);
      v_ids := v_ids || ins.r_id; v_users := v_users || v_leader; v_amts := v_amts || v_lmax; v_autos := v_autos || true;
      v_news := v_news || ins.r_new_bidder; v_nums := v_nums || ins.r_number;
      IF ins.r_new_bidder THEN v_next := v_next + 1; END IF;
      v_amt := greatest(v_open, least(v_ceiling, bid_next_minimum(lot.price, v_lmax)));
      IF lot.reserve_price IS NOT NULL AND v_ceiling >= lot.reserve_price THEN v_amt := greatest(v_amt, lot.reserve_price); END IF;
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, v_amt, false, p_key, v_req, v_now, v_next, v_ext);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || v_amt; v_autos := v_autos || false;
      v_news := v_news || ins.r_new_bidder; v_nums := v_nums || ins.r_number;
      v_mine := ins.r_id;
    ELSIF v_lmax IS NOT NULL THEN
      -- The leader's maximum is at least the newcomer's ceiling: the newcomer's offer stands at its
      -- ceiling and the leader answers one increment above (capped at its maximum; equal maxima → the earlier leads).
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, v_ceiling, false, p_key, v_req, v_now, v_next, v_ext);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || v_ceiling; v_autos := v_autos || false;
      v_news := v_news || ins.r_new_bidder; v_nums := v_nums || ins.r_number;
      IF ins.r_new_bidder THEN v_next := v_next + 1; END IF;
      v_mine := ins.r_id;
      v_amt := least(v_lmax, bid_next_minimum(lot.price, v_ceiling));
      IF lot.reserve_price IS NOT NULL AND v_lmax >= lot.reserve_price THEN v_amt := greatest(v_amt, lot.reserve_price); END IF;
      SELECT * INTO ins FROM bid_insert_offer(p_product, v_leader, v_amt, true, NULL, NULL, v_now, v_next, v_ext);
      v_ids := v_ids || ins.r_id; v_users := v_users || v_leader; v_amts := v_amts || v_amt; v_autos := v_autos || true;
      v_news := v_news || ins.r_new_bidder; v_nums := v_nums || ins.r_number;
    ELSE
      v_amt := v_open;
      IF lot.reserve_price IS NOT NULL AND v_ceiling >= lot.reserve_price THEN v_amt := greatest(v_amt, lot.reserve_price); END IF;
      SELECT * INTO ins FROM bid_insert_offer(p_product, p_user, v_amt, false, p_key, v_req, v_now, v_next, v_ext);
      v_ids := v_ids || ins.r_id; v_users := v_users || p_user; v_amts := v_amts || v_amt; v_autos := v_autos || false;
      v_news := v_news || ins.r_new_bidder; v_nums := v_nums || ins.r_number;
      v_mine := ins.r_id;
    END IF;
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
    r_bidders := v_bidders; r_number := v_nums[i];
    r_reserve_met := CASE WHEN lot.reserve_price IS NULL THEN NULL ELSE v_highest >= lot.reserve_price END;
    RETURN NEXT;
  END LOOP;
END;
$$;
