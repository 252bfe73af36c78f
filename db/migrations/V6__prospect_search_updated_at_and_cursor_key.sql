-- Discovery and cursors (docs/api-rules.md §11, §12).
--
-- A prospect search's `updated_at`: the last change to the search or to any of its companies,
-- removals included, kept by triggers so that every writer (importer, demo data, manual SQL)
-- keeps it. Statement-level with transition tables, like the score counts (V2): an import of a
-- million companies touches each search's row once per statement, not once per company. A
-- search's `created_at` (its first import) is the column V1 already has.
alter table prospect_search add column updated_at timestamptz;
update prospect_search s
set updated_at = greatest(s.created_at, coalesce((select max(c.updated_at) from company c where c.prospect_search_id = s.id),
                                                 s.created_at));
alter table prospect_search alter column updated_at set not null;
alter table prospect_search alter column updated_at set default now();

-- The searches list's order: newest first, then id, within one organization.
create index prospect_search_organization_order_idx on prospect_search (organization_id, created_at desc, id);

create function prospect_search_touch_before_update() returns trigger
    language plpgsql as
$$
begin
    if (new.name, new.organization_id) is distinct from (old.name, old.organization_id) then
        new.updated_at := now();
    end if;
    return new;
end
$$;

create trigger prospect_search_touch
    before update of name, organization_id on prospect_search
    for each row execute function prospect_search_touch_before_update();

-- An update touches the searches of the companies whose own fields it changed, both searches when
-- a company moves; an upsert that writes what was there touches none. The search text is left
-- out: an import replaces a company's contacts by deleting and inserting them, which rewrites the
-- text twice in one transaction even when the contacts end as they were.
create function company_changes_touch_prospect_search() returns trigger
    language plpgsql as
$$
begin
    update prospect_search s
    set updated_at = now()
    where s.id in (select n.prospect_search_id from new_companies n join old_companies o on o.id = n.id
                   where (n.id, n.prospect_search_id, n.name, n.city, n.country, n.business_type, n.website, n.match_score,
                          n.review_status, n.phone, n.created_at, n.updated_at)
                         is distinct from (o.id, o.prospect_search_id, o.name, o.city, o.country, o.business_type, o.website,
                          o.match_score, o.review_status, o.phone, o.created_at, o.updated_at)
                   union
                   select o.prospect_search_id from new_companies n join old_companies o on o.id = n.id
                   where n.prospect_search_id <> o.prospect_search_id)
      and s.updated_at < now();
    return null;
end
$$;

-- An insert has no old rows and a delete no new ones: each has its own function.
create function company_insert_touch_prospect_search() returns trigger
    language plpgsql as
$$
begin
    update prospect_search s set updated_at = now()
    where s.id in (select prospect_search_id from new_companies) and s.updated_at < now();
    return null;
end
$$;

create function company_delete_touch_prospect_search() returns trigger
    language plpgsql as
$$
begin
    update prospect_search s set updated_at = now()
    where s.id in (select prospect_search_id from old_companies) and s.updated_at < now();
    return null;
end
$$;

create trigger company_insert_touches_prospect_search
    after insert on company referencing new table as new_companies
    for each statement execute function company_insert_touch_prospect_search();
create trigger company_update_touches_prospect_search
    after update on company referencing old table as old_companies new table as new_companies
    for each statement execute function company_changes_touch_prospect_search();
create trigger company_delete_touches_prospect_search
    after delete on company referencing old table as old_companies
    for each statement execute function company_delete_touch_prospect_search();

-- The key that authenticates cursors (paging/Cursors): made once, by the database's strong
-- random source (gen_random_uuid uses it), and shared by every instance, so a cursor one server
-- issued is read by every other and stays valid across restarts. 32 bytes from two UUIDs, 244
-- random bits.
create table cursor_key (
    id     smallint primary key check (id = 1),
    secret bytea    not null check (length(secret) = 32)
);
insert into cursor_key (id, secret)
values (1, decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'));
