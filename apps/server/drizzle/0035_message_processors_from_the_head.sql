-- The processors that take over the order and claim messages (decision 1003) start after the events
-- already written: the messages of those were sent by the steps themselves. On a new database (no
-- events) nothing is inserted and they start at the beginning.
INSERT INTO "event_cursors" ("processor", "position_txid", "position")
SELECT p.name, last."txid", last."id"
FROM (SELECT "txid", "id" FROM "events" ORDER BY "txid" DESC, "id" DESC LIMIT 1) AS last
CROSS JOIN (VALUES ('order-messages'), ('claim-messages'), ('relisted-photos'), ('mail-delivery')) AS p(name)
ON CONFLICT ("processor") DO NOTHING;
