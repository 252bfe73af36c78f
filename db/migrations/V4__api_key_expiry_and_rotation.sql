-- Keys that expire, and keys rolled over to a successor (docs/SECURITY.md, "Key lifecycle").
-- A key never expires by itself: expires_at is set only when an operator asks for it at issue,
-- or by `keys rotate`, which gives the old key a grace period. From that instant the key is
-- refused; the server compares the time on every request, so a cached key is not served late.
alter table api_key
    add column expires_at  timestamptz,
    -- The key `keys rotate` issued in this one's place; set once, so a key is rotated only once.
    add column replaced_by uuid references api_key (id);
