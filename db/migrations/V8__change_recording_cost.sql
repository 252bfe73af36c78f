-- What an import costs beside its own writes, measured at a million companies (docs/PERFORMANCE.md,
-- "Change feed"; the import rate with the change recording must stay at least 0.8 of the rate
-- without it).
--
-- 1. The change recording of V7 computed the digests of every written company's contacts, jobs
--    and technologies, before and after. Only what the batch writes can change, so the writer now
--    names, for each digest, the companies whose rows of that kind it writes; the others are
--    neither read nor compared.
-- 2. The list of what changed in a company is computed once (V7 computed it twice, for the
--    filter and for the row), by comparing the company's row before with its row after, field by
--    field, instead of both as text. The temporary table of the state before is analyzed once filled: a
--    temporary table has no statistics otherwise (autovacuum never sees it), and the planner,
--    guessing its size from its pages, joined it to company by reading the whole table.
-- 3. V6's trigger that touches the searches of updated companies joined the two transition tables
--    of the statement. PL/pgSQL plans such a statement once per session, with the sizes of the
--    first call's tables: an upsert that only inserts calls it with empty ones first, and the plan
--    it keeps (a nested loop) then compared every pair of rows of each later update, thousands
--    squared. EXCEPT compares the rows by hashing or sorting, whatever the plan assumed.

create or replace function company_changes_touch_prospect_search() returns trigger
    language plpgsql as
$$
begin
    update prospect_search s
    set updated_at = now()
    where s.id in (select prospect_search_id
                   from (select id, prospect_search_id, name, city, country, business_type, website, match_score,
                                review_status, phone, created_at, updated_at
                         from new_companies
                         except
                         select id, prospect_search_id, name, city, country, business_type, website, match_score,
                                review_status, phone, created_at, updated_at
                         from old_companies) changed
                   union
                   select prospect_search_id
                   from (select id, prospect_search_id from old_companies
                         except
                         select id, prospect_search_id from new_companies) moved_away)
      and s.updated_at < now();
    return null;
end
$$;

drop function company_changes_capture(uuid[]);

-- The digests V7 compared, of the contacts (in order), the jobs, and the scan with its
-- technologies of each company of ids: only for those of contacts_of, jobs_of and
-- technologies_of (the watch_ columns say which), null for the others and where a company has
-- none. One call for a whole batch: a function call
-- per company and digest cost more than the digest itself.
create function company_change_digests(ids uuid[], contacts_of uuid[], jobs_of uuid[], technologies_of uuid[])
    returns table (id uuid, watch_contacts boolean, watch_jobs boolean, watch_technologies boolean,
                   contacts text, jobs text, technologies text)
    language sql stable as
$$
select i.id, wc.id is not null, wj.id is not null, wt.id is not null,
       case when wc.id is not null then
           (select md5(string_agg(row (c.id, c.name, c.title, c.email, c.linkedin_url)::text, ',' order by c.position))
            from contact c
            where c.company_id = i.id) end,
       case when wj.id is not null then
           (select md5(string_agg(row (j.id, j.title, j.platform, j.date_posted, j.job_url, j.removed_at)::text, ','
                                  order by j.id))
            from job j
            where j.company_id = i.id) end,
       case when wt.id is not null then
           (select md5(row (w.status, w.scanned_at)::text || ':'
                           || coalesce((select string_agg(row (t.name, t.category, t.confidence, t.version)::text, ','
                                                          order by t.name)
                                        from technology t
                                        where t.company_id = w.company_id), ''))
            from webtech_scan w
            where w.company_id = i.id) end
from (select distinct unnest(ids) as id) i
         left join (select distinct unnest(contacts_of) as id) wc on wc.id = i.id
         left join (select distinct unnest(jobs_of) as id) wj on wj.id = i.id
         left join (select distinct unnest(technologies_of) as id) wt on wt.id = i.id
$$;

-- ids: every company the batch writes or removes. contacts_of, jobs_of, technologies_of: those
-- of them whose contacts, jobs, or scan and technologies it writes, the companies those rows
-- leave included (a contact or job listed under another company moves there).
create function company_changes_capture(ids uuid[], contacts_of uuid[], jobs_of uuid[], technologies_of uuid[])
    returns void
    language plpgsql as
$$
begin
    create temporary table if not exists company_change_before (
        id                 uuid primary key,
        present            boolean not null,
        prospect_search_id uuid,
        company            company,
        -- Whether the batch writes this company's contacts, jobs, technologies; their digests before.
        watch_contacts     boolean not null,
        watch_jobs         boolean not null,
        watch_technologies boolean not null,
        contacts           text,
        jobs               text,
        technologies       text
    ) on commit drop;
    truncate company_change_before;
    insert into company_change_before (id, present, prospect_search_id, company, watch_contacts, watch_jobs,
                                       watch_technologies, contacts, jobs, technologies)
    select d.id, c.id is not null, c.prospect_search_id, case when c.id is not null then c end,
           d.watch_contacts, d.watch_jobs, d.watch_technologies, d.contacts, d.jobs, d.technologies
    from company_change_digests(ids, contacts_of, jobs_of, technologies_of) d
             left join company c on c.id = d.id;
    analyze company_change_before (id);
end
$$;

create or replace function company_changes_record() returns integer
    language plpgsql as
$$
declare
    ids             uuid[];
    contacts_of     uuid[];
    jobs_of         uuid[];
    technologies_of uuid[];
    recorded        integer;
begin
    select coalesce(array_agg(b.id), '{}'),
           coalesce(array_agg(b.id) filter (where b.watch_contacts), '{}'),
           coalesce(array_agg(b.id) filter (where b.watch_jobs), '{}'),
           coalesce(array_agg(b.id) filter (where b.watch_technologies), '{}')
    into ids, contacts_of, jobs_of, technologies_of
    from company_change_before b;
    with after as (
        select b.id, b.present, b.prospect_search_id as search_before, b.company as was,
               b.contacts is distinct from d.contacts as contacts_changed,
               b.jobs is distinct from d.jobs as jobs_changed,
               b.technologies is distinct from d.technologies as technologies_changed,
               c.id is not null as present_after, c.prospect_search_id as search_after, c as is_now
        from company_change_before b
                 join company_change_digests(ids, contacts_of, jobs_of, technologies_of) d on d.id = b.id
                 left join company c on c.id = b.id
    ),
    -- Materialized: each company's list is computed once, not again for the filter that uses it.
    updated as materialized (
        select a.search_after, a.id,
               array_remove(array [
                   case when (a.was).name is distinct from (a.is_now).name then 'name' end,
                   case when (a.was).city is distinct from (a.is_now).city then 'city' end,
                   case when (a.was).country is distinct from (a.is_now).country then 'country' end,
                   case when (a.was).business_type is distinct from (a.is_now).business_type then 'business_type' end,
                   case when (a.was).website is distinct from (a.is_now).website then 'website' end,
                   case when (a.was).match_score is distinct from (a.is_now).match_score then 'match_score' end,
                   case when (a.was).review_status is distinct from (a.is_now).review_status then 'review_status' end,
                   case when (a.was).phone is distinct from (a.is_now).phone then 'phone' end,
                   case when (a.was).created_at is distinct from (a.is_now).created_at then 'created_at' end,
                   case when (a.was).updated_at is distinct from (a.is_now).updated_at then 'updated_at' end], null)
                   || case when a.contacts_changed then array ['contacts'] else array []::text[] end
                   || case when a.jobs_changed then array ['jobs'] else array []::text[] end
                   || case when a.technologies_changed then array ['technologies'] else array []::text[] end as changed
        from after a
        where a.present and a.present_after and a.search_after = a.search_before
    ),
    changes as (
        select search_before as search_id, id as company_id, 'removed' as kind, null::text[] as changed
        from after
        where present and (not present_after or search_after <> search_before)
        union all
        select search_after, id, 'added', null
        from after
        where present_after and (not present or search_after <> search_before)
        union all
        select search_after, id, 'updated', changed
        from updated
        where cardinality(changed) > 0
    ),
    numbered as (
        select c.*, row_number() over (partition by c.search_id order by c.company_id) as n,
               count(*) over (partition by c.search_id) as of_search
        from changes c
    ),
    -- Numbers are taken under the search row's lock, held until commit: see V7.
    heads as (
        update prospect_search s
        set change_position = s.change_position + t.of_search
        from (select search_id, max(of_search) as of_search from numbered group by search_id order by search_id) t
        where s.id = t.search_id
        returning s.id, s.change_position
    )
    insert into company_change (prospect_search_id, position, company_id, kind, changed, occurred_at)
    select n.search_id, h.change_position - n.of_search + n.n, n.company_id, n.kind, n.changed, clock_timestamp()
    from numbered n
             join heads h on h.id = n.search_id;
    get diagnostics recorded = row_count;
    truncate company_change_before;
    return recorded;
end
$$;

-- Replaced by the comparison of the rows themselves, and by company_change_digests.
drop function company_change_fields(company);
drop function company_change_field_names();
drop function company_contacts_digest(uuid);
drop function company_jobs_digest(uuid);
drop function company_technologies_digest(uuid);
