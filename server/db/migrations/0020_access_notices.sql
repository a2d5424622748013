-- Issue 21 point 3: the access check on a unit costs no database round trip when nothing it
-- reads has changed.
--
-- Each server keeps the answers of that check in memory (server/access/unit-access-cache.ts).
-- These triggers tell every server sharing the database, through NOTIFY on channel
-- access_changed, that something the check reads has changed: a unit, a farm, a plan, the plans
-- a unit holds, a provider, or what a farm shares with a provider. Each server then forgets all
-- it holds. These tables change seldom (records, the busy table, are not among them), so once
-- per statement is enough. The function body sits on one line: migrations are split on a
-- semicolon ending a line.
create function notify_access_changed() returns trigger language plpgsql as $$ begin perform pg_notify('access_changed', ''); return null; end $$;

create trigger units_access_notify after insert or update or delete or truncate on units
  for each statement execute function notify_access_changed();

create trigger farms_access_notify after insert or update or delete or truncate on farms
  for each statement execute function notify_access_changed();

create trigger packages_access_notify after insert or update or delete or truncate on packages
  for each statement execute function notify_access_changed();

create trigger unit_packages_access_notify after insert or update or delete or truncate on unit_packages
  for each statement execute function notify_access_changed();

create trigger providers_access_notify after insert or update or delete or truncate on providers
  for each statement execute function notify_access_changed();

create trigger consent_grants_access_notify after insert or update or delete or truncate on consent_grants
  for each statement execute function notify_access_changed();
