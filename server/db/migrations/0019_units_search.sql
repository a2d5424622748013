-- Units search that scales (issue 21 point 4). The units list matches its search anywhere in a
-- unit's name, its farm's name, the main contact's last name or the postcode (spaces ignored),
-- ignoring case (server/accounts/units-search.ts).
--
-- Each searched column has a lower-case copy that PostgreSQL keeps itself (a stored generated
-- column): LIKE on it matches what ILIKE on the column matches (ILIKE lower-cases both sides),
-- and on PGlite costs about a fiftieth of ILIKE, which lower-cases every row it tests.
alter table units
  add column search_name text generated always as (lower(name)) stored;
alter table farms
  add column search_name text generated always as (lower(name)) stored,
  add column search_contact text generated always as (lower(contact_last_name)) stored,
  add column search_postcode text generated always as (lower(replace(postcode, ' ', ''))) stored;

-- pg_trgm's GIN indexes answer LIKE '%term%' on each copy, so a term's matches are found per
-- table through its indexes. fastupdate off: without autovacuum (PGlite has none) new entries
-- would wait in the pending list, which every search reads through; these tables change rarely.
create extension if not exists pg_trgm;
create index units_search_name on units using gin (search_name gin_trgm_ops) with (fastupdate = off);
create index farms_search_name on farms using gin (search_name gin_trgm_ops) with (fastupdate = off);
create index farms_search_contact on farms using gin (search_contact gin_trgm_ops) with (fastupdate = off);
create index farms_search_postcode on farms using gin (search_postcode gin_trgm_ops) with (fastupdate = off);

-- The list's order is the farm's name, the farm, the unit's name and id: with this index a page
-- of a common term, or of no term, reads farms in that order and stops after the few farms that
-- fill it, instead of sorting every match.
create index farms_name_id on farms (name, id);

-- Company staff see the units holding a plan of their provider: with the unit beside the plan in
-- one index, those units are read from the index alone (the list's count, a common term's
-- units). It serves every look-up by plan that unit_packages_package_id served.
create index unit_packages_package_unit on unit_packages (package_id, unit_id);
drop index unit_packages_package_id;
