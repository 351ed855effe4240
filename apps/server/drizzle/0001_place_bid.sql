-- placeBid in one round trip (decision 203). The lot row is locked first; the clock, the highest
-- offer and the bidder's state are read after the lock, each statement with a fresh snapshot (a
-- VOLATILE function under READ COMMITTED), so every bid is checked against the state it commits on.
-- The lock is held only inside the database, never across a round trip to the app.
CREATE OR REPLACE FUNCTION place_bid(p_product integer, p_user integer, p_amount numeric, p_step numeric)
RETURNS TABLE (outcome text, offer_id bigint, offer_at timestamptz, highest numeric, minimum numeric)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lot record;
  v_now timestamptz;
  v_highest numeric;
  v_active boolean;
  v_min numeric;
  v_id bigint;
BEGIN
  SELECT p.id, p.supplier_id, p.status, p.price, p.auction_start_date, p.ends_at INTO lot
    FROM products p WHERE p.id = p_product FOR UPDATE;
  IF NOT FOUND OR lot.auction_start_date IS NULL THEN
    RETURN QUERY SELECT 'NOT_FOUND'::text, NULL::bigint, NULL::timestamptz, NULL::numeric, NULL::numeric;
    RETURN;
  END IF;
  IF lot.supplier_id = p_user THEN
    RETURN QUERY SELECT 'OWN_PRODUCT'::text, NULL::bigint, NULL::timestamptz, NULL::numeric, NULL::numeric;
    RETURN;
  END IF;
  v_now := clock_timestamp();
  SELECT o.amount INTO v_highest FROM offers o WHERE o.product_id = p_product ORDER BY o.amount DESC NULLS LAST LIMIT 1;
  SELECT u.active INTO v_active FROM users u WHERE u.id = p_user;
  IF NOT coalesce(v_active, false) THEN
    RETURN QUERY SELECT 'ACCOUNT_INACTIVE'::text, NULL::bigint, NULL::timestamptz, v_highest, NULL::numeric;
    RETURN;
  END IF;
  IF lot.status <> 'IN_AUCTION' OR v_now >= lot.ends_at THEN
    RETURN QUERY SELECT 'AUCTION_CLOSED'::text, NULL::bigint, v_now, v_highest, NULL::numeric;
    RETURN;
  END IF;
  IF v_now < lot.auction_start_date THEN
    RETURN QUERY SELECT 'NOT_STARTED'::text, NULL::bigint, v_now, v_highest, NULL::numeric;
    RETURN;
  END IF;
  v_min := CASE WHEN v_highest IS NULL THEN lot.price ELSE greatest(lot.price, v_highest + p_step) END;
  IF p_amount < v_min THEN
    RETURN QUERY SELECT 'BID_TOO_LOW'::text, NULL::bigint, v_now, v_highest, v_min;
    RETURN;
  END IF;
  INSERT INTO offers (product_id, user_id, amount, created_at) VALUES (p_product, p_user, p_amount, v_now) RETURNING id INTO v_id;
  RETURN QUERY SELECT 'OK'::text, v_id, v_now, v_highest, v_min;
END;
$$;
