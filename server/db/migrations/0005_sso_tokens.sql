-- Single sign-on tokens: single use, short-lived; only a hash is kept, so a database copy
-- cannot be used to sign in.
create table sso_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
