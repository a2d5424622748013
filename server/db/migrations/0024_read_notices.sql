-- Issue 21 point 3: the units list's pages and the unit summary cost no database round trip when
-- nothing they read has changed (unitsListCache in server/accounts/units-list.ts,
-- unitSummaryCache in server/accounts/unit-summary.ts).
--
-- The list reads what the access check reads (0020_access_notices.sql: units, farms, plans, the
-- plans a unit holds, providers) and two tables more: unit types, whose names it shows, and
-- unit_search, which it searches and orders by. unit_search changes with the tables it is
-- refreshed from, which notify already; its own trigger covers a change made to it directly.
create trigger unit_types_access_notify after insert or update or delete or truncate on unit_types
  for each statement execute function notify_access_changed();

create trigger unit_search_access_notify after insert or update or delete or truncate on unit_search
  for each statement execute function notify_access_changed();

-- The summary reads a unit's records too. Records are the busy table, so a change names the
-- units it touched (channel records_changed, the unit's id as payload) and each server forgets
-- only those units' summaries; a statement touching more than a hundred units (a seed, an
-- import) or a truncate sends an empty payload, which forgets them all. Once per statement, from
-- its transition table: PostgreSQL allows one only on a trigger of one event, hence four.
create function notify_records_changed() returns trigger language plpgsql as $$ begin if (select count(distinct unit_id) from changed_records) > 100 then perform pg_notify('records_changed', ''); else perform pg_notify('records_changed', unit_id::text) from (select distinct unit_id from changed_records) x; end if; return null; end $$;

create function notify_records_truncated() returns trigger language plpgsql as $$ begin perform pg_notify('records_changed', ''); return null; end $$;

create trigger records_added_notify after insert on records
  referencing new table as changed_records
  for each statement execute function notify_records_changed();

create trigger records_removed_notify after delete on records
  referencing old table as changed_records
  for each statement execute function notify_records_changed();

-- An update notifies the units its records are on after it and, should it move one, before it.
create trigger records_updated_notify after update on records
  referencing new table as changed_records
  for each statement execute function notify_records_changed();

create trigger records_moved_notify after update on records
  referencing old table as changed_records
  for each statement execute function notify_records_changed();

create trigger records_truncated_notify after truncate on records
  for each statement execute function notify_records_truncated();
