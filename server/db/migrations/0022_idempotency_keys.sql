-- Issue 22 point 3: a write sent with an Idempotency-Key is answered once and its answer kept, so
-- that a retried write (the outbox after a lost answer) gets the first answer back instead of
-- making a second record. One row per user and key, holding what the request was (to refuse the
-- key on a different request) and the answer given (to replay it byte for byte).
-- server/idempotency/ reads and writes it; the retention sweep (server/maintenance/retention.ts)
-- deletes rows older than 24 hours.
create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  method text not null,
  path text not null,
  body_sha256 text not null,
  -- Null while a write claimed in a hook is still running (see server/idempotency/key-store.ts).
  status smallint,
  content_type text,
  location text,
  body bytea,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create index idempotency_keys_created_at on idempotency_keys (created_at);
