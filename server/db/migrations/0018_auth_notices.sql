-- Issue 21 point 3: a signed request no longer costs two database round trips before its own.
--
-- Each server keeps the token -> user lookup in memory (server/auth/token-owners.ts). These
-- triggers tell every server sharing the database, through NOTIFY on channel auth_changed, when
-- an entry must go: a token deleted or changed (logout, a password change ending the other sessions, the
-- retention sweep, an operator's SQL), a user changed or deleted, a business or provider changed.
-- Being triggers, they hold for every path that changes the rows, not only the server's routes.
-- The function bodies sit on one line: migrations are split on a semicolon ending a line.
create function notify_auth_token_changed() returns trigger language plpgsql as $$ begin perform pg_notify('auth_changed', 'token:' || old.key); return null; end $$;

create function notify_auth_user_changed() returns trigger language plpgsql as $$ begin perform pg_notify('auth_changed', 'user:' || old.id); return null; end $$;

create function notify_auth_all_changed() returns trigger language plpgsql as $$ begin perform pg_notify('auth_changed', 'all'); return null; end $$;

create trigger auth_tokens_notify after update or delete on auth_tokens
  for each row execute function notify_auth_token_changed();

create trigger users_notify after update or delete on users
  for each row execute function notify_auth_user_changed();

create trigger businesses_notify after update or delete on businesses
  for each statement execute function notify_auth_all_changed();

create trigger providers_notify after update or delete on providers
  for each statement execute function notify_auth_all_changed();

-- Nonces only need to outlive their 300 s window, not a database crash: unlogged, a request's
-- nonce insert writes no WAL and its commit waits for no disk flush (PostgreSQL commits a
-- transaction that wrote only unlogged tables asynchronously). A crash empties the table; see
-- server/auth/request-auth.ts for how the embedded database closes that gap.
alter table auth_request_nonces set unlogged;
