-- Replay protection by nonce instead of by unique timestamp: each signed request carries 128
-- random bits, remembered with its token until its timestamp could no longer be accepted. Two
-- requests may now share a timestamp, so a session may send any number of requests a second.
drop table auth_request_stamps;

create table auth_request_nonces (
  token_key text not null references auth_tokens (key) on delete cascade,
  nonce text not null,
  -- Epoch seconds after which the request's timestamp is outside the accepted window.
  expires_at bigint not null,
  primary key (token_key, nonce)
);
create index auth_request_nonces_expires_at on auth_request_nonces (expires_at);
