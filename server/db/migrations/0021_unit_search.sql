-- Units search at 200,000 farms (issue 21 point 4): everything the units list filters and orders
-- by, on one row per unit (server/accounts/units-query.ts).
--
-- With 0019 a common word ("house") or a short term ("LN") was matched per table and then tested
-- on company staff's units one by one, each read with its farm: tens of thousands of buffers. Here
-- the unit's and its farm's searched columns and the providers whose plans the unit holds sit on
-- one row, indexed together, so an index scan finds the term's matches among the provider's units
-- and only those rows are read.
--
-- provider_ids narrows the list to a provider's units through its index; it is not the access
-- rule: server/accounts/access.ts's condition is still applied to every row found, so a value
-- gone stale could hide a unit from its provider but never show one to another.
create table unit_search (
  unit_id integer primary key references units (id) on delete cascade,
  farm_id integer not null,
  -- the list's order: the farm's name, the farm, the unit's name, the unit
  farm_name text not null,
  unit_name text not null,
  -- what a search matches, lower-case as LIKE compares it (the postcode without spaces)
  unit_text text not null,
  farm_text text not null,
  contact_text text not null,
  postcode_text text not null,
  -- the providers of the plans the unit holds (unit_packages → packages.provider_id)
  provider_ids integer[] not null default '{}'
);

-- What each row holds, in one place: this view, which the backfill and every trigger read.
create function unit_search_provider_ids(of_unit integer) returns integer[] language sql stable as $$ select coalesce(array_agg(distinct p.provider_id order by p.provider_id), '{}') from unit_packages up join packages p on p.id = up.package_id where up.unit_id = of_unit $$;

create view unit_search_source as
select un.id as unit_id, un.farm_id, f.name as farm_name, un.name as unit_name,
       lower(un.name) as unit_text, lower(f.name) as farm_text,
       lower(f.contact_last_name) as contact_text, lower(replace(f.postcode, ' ', '')) as postcode_text,
       unit_search_provider_ids(un.id) as provider_ids
from units un join farms f on f.id = un.farm_id;

-- The backfill, before the indexes, which are built once over all rows.
insert into unit_search (unit_id, farm_id, farm_name, unit_name, unit_text, farm_text, contact_text, postcode_text, provider_ids)
select unit_id, farm_id, farm_name, unit_name, unit_text, farm_text, contact_text, postcode_text, provider_ids
from unit_search_source;

-- pg_trgm answers LIKE '%term%' on each text, the array's GIN "holds provider N" (@>). Each text
-- is indexed together with provider_ids: a search of company staff is then one index scan per
-- column that reads the provider's entries only where the term's are (GIN skips through the
-- longer list), where a separate provider index had to build a bitmap of all its 15,000 units
-- for every search, a postcode's too. Any one of them answers the provider's units alone, and
-- each the term alone (a farm user's search). fastupdate off: without autovacuum (PGlite has
-- none) new entries would wait in the pending list, which every search reads through.
create index unit_search_unit_text on unit_search using gin (provider_ids, unit_text gin_trgm_ops) with (fastupdate = off);
create index unit_search_farm_text on unit_search using gin (provider_ids, farm_text gin_trgm_ops) with (fastupdate = off);
create index unit_search_contact_text on unit_search using gin (provider_ids, contact_text gin_trgm_ops) with (fastupdate = off);
create index unit_search_postcode_text on unit_search using gin (provider_ids, postcode_text gin_trgm_ops) with (fastupdate = off);
-- The list's order, so that an unsearched page reads a few rows in order and stops; and a farm's
-- units, for a farm user's list.
create index unit_search_order on unit_search (farm_name, farm_id, unit_name, unit_id);
create index unit_search_farm on unit_search (farm_id);

-- Writes the rows of these units as the view has them (a new unit's too); a row already true is
-- left as it is, so a change elsewhere on a unit or farm costs a read, not a write.
create function unit_search_refresh(ids integer[]) returns void language sql as $$ insert into unit_search as us (unit_id, farm_id, farm_name, unit_name, unit_text, farm_text, contact_text, postcode_text, provider_ids) select unit_id, farm_id, farm_name, unit_name, unit_text, farm_text, contact_text, postcode_text, provider_ids from unit_search_source where unit_id = any(ids) on conflict (unit_id) do update set farm_id = excluded.farm_id, farm_name = excluded.farm_name, unit_name = excluded.unit_name, unit_text = excluded.unit_text, farm_text = excluded.farm_text, contact_text = excluded.contact_text, postcode_text = excluded.postcode_text, provider_ids = excluded.provider_ids where (us.farm_id, us.farm_name, us.unit_name, us.contact_text, us.postcode_text, us.provider_ids) is distinct from (excluded.farm_id, excluded.farm_name, excluded.unit_name, excluded.contact_text, excluded.postcode_text, excluded.provider_ids) $$;

-- The triggers refresh the units a statement touched, once per statement (the seed inserts
-- thousands of rows in one). PostgreSQL allows a transition table only on a trigger of one event
-- and no column list, hence a function each. A unit deleted takes its row with it (cascade).
-- Function bodies sit on one line: migrations are split on a semicolon ending a line.
create function unit_search_units_added() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select id from added)); return null; end $$;

create function unit_search_units_changed() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select id from changed)); return null; end $$;

create function unit_search_farms_changed() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select un.id from units un join changed n on n.id = un.farm_id)); return null; end $$;

create function unit_search_plans_added() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select unit_id from added)); return null; end $$;

create function unit_search_plans_removed() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select unit_id from removed)); return null; end $$;

create function unit_search_plans_changed() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select unit_id from before_change union select unit_id from changed)); return null; end $$;

create function unit_search_plans_cleared() returns trigger language plpgsql as $$ begin update unit_search set provider_ids = '{}' where provider_ids <> '{}'; return null; end $$;

-- Only a plan moved to another provider changes its units' providers.
create function unit_search_packages_changed() returns trigger language plpgsql as $$ begin perform unit_search_refresh(array(select up.unit_id from unit_packages up join changed n on n.id = up.package_id join before_change o on o.id = n.id where o.provider_id <> n.provider_id)); return null; end $$;

create trigger unit_search_units_added after insert on units
  referencing new table as added for each statement execute function unit_search_units_added();

create trigger unit_search_units_changed after update on units
  referencing new table as changed for each statement execute function unit_search_units_changed();

create trigger unit_search_farms_changed after update on farms
  referencing new table as changed for each statement execute function unit_search_farms_changed();

create trigger unit_search_plans_added after insert on unit_packages
  referencing new table as added for each statement execute function unit_search_plans_added();

create trigger unit_search_plans_removed after delete on unit_packages
  referencing old table as removed for each statement execute function unit_search_plans_removed();

create trigger unit_search_plans_changed after update on unit_packages
  referencing old table as before_change new table as changed
  for each statement execute function unit_search_plans_changed();

create trigger unit_search_plans_cleared after truncate on unit_packages
  for each statement execute function unit_search_plans_cleared();

create trigger unit_search_packages_changed after update on packages
  referencing old table as before_change new table as changed
  for each statement execute function unit_search_packages_changed();

-- 0019's lower-case copies on units and farms (with their trigram indexes) and the farms' order
-- index served only the search this replaces.
alter table units drop column search_name;
alter table farms drop column search_name, drop column search_contact, drop column search_postcode;
drop index farms_name_id;
