-- Each (token key, timestamp) pair may sign one request only; a second use is a replay.
-- Rows older than the allowed clock skew are useless and are deleted as requests arrive.
create table auth_request_stamps (
  token_key text not null references auth_tokens (key) on delete cascade,
  stamp bigint not null,
  primary key (token_key, stamp)
);
create index auth_request_stamps_stamp on auth_request_stamps (stamp);

-- Failed logins, for throttling per username and per client address.
create table login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  client_address text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_username on login_failures (username, failed_at);
create index login_failures_client on login_failures (client_address, failed_at);
