-- A farm business has exactly one farm, and the portal loads a farm user's farm by the business
-- id (spec section 4, "Landing"), so a farm's id is its business's id. Existing farms are
-- renumbered, their units following.
alter table units drop constraint units_farm_id_fkey;
update units un set farm_id = f.business_id from farms f where un.farm_id = f.id;
-- Through negative ids, so that no two farms hold the same id half-way.
update farms set id = -business_id;
update farms set id = -id;
alter table units add constraint units_farm_id_fkey foreign key (farm_id) references farms (id);
alter table farms add constraint farms_id_is_business_id check (id = business_id);
