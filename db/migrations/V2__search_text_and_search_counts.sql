-- What the companies list needs to stay fast at a million companies (issue 4):
--  * `search` as an indexed substring match (pg_trgm) instead of six LIKEs and a contacts probe per row;
--  * the list's `total` without counting rows, and deep offsets without walking past every skipped row,
--    when no text search filters it.
-- Both are kept by triggers, so every writer (importer, demo data, manual SQL) keeps them exact.

create extension if not exists pg_trgm;
create extension if not exists btree_gin;

-- The list walks this index in its order and reads the review status from it too (a status filter
-- no longer needs its own index, nor the table), and a page is found on index entries alone.
drop index company_search_order_idx;
drop index company_search_status_order_idx;
create index company_search_order_idx
    on company (prospect_search_id, match_score desc, name, id) include (review_status);

-- The text `search` matches: the company's name, city and business type and each contact's name,
-- title and email, lower-cased and separated by newlines. A term without a newline can only match
-- inside one of those values, so `search_text like '%term%'` is exactly "some value contains the
-- term" (the query falls back to value-by-value matching for a term containing a newline).
-- lower() is what ILIKE applies to both sides, so this matches what ILIKE would.
alter table company add column search_text text not null default '';

create function contact_search_text(name text, title text, email text) returns text
    language sql immutable parallel safe
    return concat_ws(E'\n', name, title, email);

create function company_search_text_before_write() returns trigger
    language plpgsql as
$$
begin
    new.search_text := lower(concat_ws(E'\n', new.name, new.city, new.business_type,
            (select string_agg(contact_search_text(c.name, c.title, c.email), E'\n' order by c.position)
             from contact c
             where c.company_id = new.id)));
    return new;
end
$$;

create trigger company_search_text
    before insert or update of name, city, business_type, search_text on company
    for each row execute function company_search_text_before_write();

-- A contact change rewrites the search text of the companies it touched (an update may move a
-- contact from one company to another: both are rewritten). Setting search_text to itself fires
-- the row trigger above, the one place the text is composed.
create function contact_changes_refresh_company_search_text() returns trigger
    language plpgsql as
$$
begin
    if tg_op in ('INSERT', 'UPDATE') then
        update company set search_text = search_text
        where id in (select company_id from new_contacts);
    end if;
    if tg_op in ('UPDATE', 'DELETE') then
        update company set search_text = search_text
        where id in (select company_id from old_contacts);
    end if;
    return null;
end
$$;

create trigger contact_insert_refreshes_company_search_text
    after insert on contact referencing new table as new_contacts
    for each statement execute function contact_changes_refresh_company_search_text();
create trigger contact_update_refreshes_company_search_text
    after update on contact referencing old table as old_contacts new table as new_contacts
    for each statement execute function contact_changes_refresh_company_search_text();
create trigger contact_delete_refreshes_company_search_text
    after delete on contact referencing old table as old_contacts
    for each statement execute function contact_changes_refresh_company_search_text();

-- The list always filters by search: with the search's id in the same GIN index (btree_gin), GIN
-- intersects the search's entries with the term's trigrams itself and can skip through the
-- trigrams' long posting lists. Measured at a million companies: a whole company name as the term
-- took 177 ms with a trigram-only index and a second bitmap for the search, 8 ms with this one.
create index company_search_text_trgm_idx on company using gin (prospect_search_id, search_text gin_trgm_ops);

-- Companies per search, match score and review status. Scores come with a decimal or two, so a
-- search has a few hundred of these rows at most, whatever its size. Without a text search the
-- list's total is a sum over them (also with min_match_score: a range of scores), and a page deep
-- in the list starts at the score whose group holds its first row instead of walking past every
-- company before it.
create table prospect_search_score_count (
    prospect_search_id uuid             not null references prospect_search (id) on delete cascade,
    match_score        double precision not null,
    review_status      text             not null,
    companies          bigint           not null check (companies >= 0),
    primary key (prospect_search_id, match_score, review_status)
);

-- Statement-level with transition tables: one grouped change per search, score and status and
-- statement, not one per row. Keys are visited in order, so concurrent writers lock them in the
-- same order and cannot deadlock on them; an update that moves no company (most do not, such as the
-- search text refreshes above) changes nothing.
create function company_changes_update_score_counts() returns trigger
    language plpgsql as
$$
declare
    changes refcursor;
    change  record;
begin
    if tg_op = 'INSERT' then
        -- Only additions: one statement.
        insert into prospect_search_score_count as counts (prospect_search_id, match_score, review_status, companies)
        select prospect_search_id, match_score, review_status, count(*) from new_companies
        group by prospect_search_id, match_score, review_status
        order by prospect_search_id, match_score, review_status
        on conflict (prospect_search_id, match_score, review_status)
            do update set companies = counts.companies + excluded.companies;
        return null;
    elsif tg_op = 'DELETE' then
        open changes for
            select prospect_search_id, match_score, review_status, -count(*) as delta from old_companies
            group by prospect_search_id, match_score, review_status
            order by prospect_search_id, match_score, review_status;
    else
        open changes for
            select prospect_search_id, match_score, review_status, sum(delta) as delta
            from (select prospect_search_id, match_score, review_status, 1 as delta from new_companies
                  union all
                  select prospect_search_id, match_score, review_status, -1 from old_companies) moved
            group by prospect_search_id, match_score, review_status
            having sum(delta) <> 0
            order by prospect_search_id, match_score, review_status;
    end if;
    -- A key may get a negative change (a company leaves it): update it where it is, add it with
    -- zero first where it is not (a company arriving), so no insert ever proposes a negative count.
    loop
        fetch changes into change;
        exit when not found;
        insert into prospect_search_score_count (prospect_search_id, match_score, review_status, companies)
        values (change.prospect_search_id, change.match_score, change.review_status, 0)
        on conflict (prospect_search_id, match_score, review_status) do nothing;
        update prospect_search_score_count
        set companies = companies + change.delta
        where prospect_search_id = change.prospect_search_id
          and match_score = change.match_score
          and review_status = change.review_status;
    end loop;
    close changes;
    return null;
end
$$;

create trigger company_insert_updates_score_counts
    after insert on company referencing new table as new_companies
    for each statement execute function company_changes_update_score_counts();
create trigger company_update_updates_score_counts
    after update on company referencing old table as old_companies new table as new_companies
    for each statement execute function company_changes_update_score_counts();
create trigger company_delete_updates_score_counts
    after delete on company referencing old table as old_companies
    for each statement execute function company_changes_update_score_counts();

-- Data written before this migration (the counts first: the update below moves no company).
insert into prospect_search_score_count (prospect_search_id, match_score, review_status, companies)
select prospect_search_id, match_score, review_status, count(*) from company group by prospect_search_id, match_score, review_status;
update company set search_text = search_text;
