-- Issue 22 point 2: one random 256-bit key per user for the data the portal keeps on a device
-- (drafts, queued writes), so that nothing there is readable without logging in as that user.
-- The key is made on the first request and never changes: a draft typed before a password change
-- must still open after it. It goes with the user. Kept as base64url text (43 characters), the
-- form the route answers with, so PGlite and PostgreSQL hand back the same thing.
create table local_keys (
  user_id integer primary key references users (id) on delete cascade,
  key text not null check (length(key) = 43),
  created_at timestamptz not null default now()
);
