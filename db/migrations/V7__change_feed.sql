-- The change feed (docs/api-rules.md §15, "Why a position never skips a late commit").
--
-- Each prospect search has its own log of company changes, numbered 1, 2, 3... by
-- `prospect_search.change_position`, the last number handed out. A writer takes its numbers with
-- an UPDATE of the search's row, and the row lock that UPDATE takes is held until the writer
-- commits or rolls back: a second writer of the same search waits for it, and then numbers after
-- it. So the numbers of one search are handed out in the order their transactions commit, and a
-- reader's snapshot (on the primary or a replica, which replays commits in the same order) always
-- holds a gapless prefix 1..n of the log. A sequence could not promise that: its values are taken
-- when asked for, not when the transaction commits, and a reader between two commits would see
-- the later number without the earlier one, then move past it for ever.
alter table prospect_search add column change_position bigint not null default 0 check (change_position >= 0);

create table company_change (
    prospect_search_id uuid        not null references prospect_search (id),
    position           bigint      not null check (position > 0),
    company_id         uuid        not null,
    kind               text        not null check (kind in ('added', 'updated', 'removed')),
    -- For 'updated': the Company fields, and contacts, jobs, technologies, that changed.
    changed            text[]      check ((kind = 'updated') = (changed is not null)),
    occurred_at        timestamptz not null,
    primary key (prospect_search_id, position)
);
-- Retention removes the oldest changes first (ChangeRetention, app.changes.retention).
create index company_change_occurred_idx on company_change (occurred_at);

-- A company's jobs, removed ones included: the change recording's digest of them, and the
-- cascade of a company's removal, would otherwise read the whole job table per company (V1's
-- job indexes hold active jobs only).
create index job_company_idx on job (company_id);

-- What a change compares for a company besides its own columns: digests of its contacts (in
-- order), its jobs and its technologies with the scan. Used before and after a write, in the
-- same session, so the text form of each value is the same both times.
create function company_contacts_digest(company uuid) returns text
    language sql stable as
$$
select md5(string_agg(row (c.id, c.name, c.title, c.email, c.linkedin_url)::text, ',' order by c.position))
from contact c
where c.company_id = company
$$;

create function company_jobs_digest(company uuid) returns text
    language sql stable as
$$
select md5(string_agg(row (j.id, j.title, j.platform, j.date_posted, j.job_url, j.removed_at)::text, ',' order by j.id))
from job j
where j.company_id = company
$$;

create function company_technologies_digest(company uuid) returns text
    language sql stable as
$$
select md5(row (w.status, w.scanned_at)::text || ':'
               || coalesce((select string_agg(row (t.name, t.category, t.confidence, t.version)::text, ',' order by t.name)
                            from technology t
                            where t.company_id = w.company_id), ''))
from webtech_scan w
where w.company_id = company
$$;

-- A writer calls company_changes_capture(ids) before it writes these companies (with their
-- contacts, jobs, scans, or their removal), and company_changes_record() after, in the same
-- transaction: the second compares each company with the state the first kept, and appends what
-- changed to the logs of the searches concerned. A company that moves from one search to another
-- is removed from the first and added to the second.
create function company_changes_capture(ids uuid[]) returns void
    language plpgsql as
$$
begin
    create temporary table if not exists company_change_before (
        id                 uuid primary key,
        present            boolean not null,
        prospect_search_id uuid,
        fields             text[],
        contacts           text,
        jobs               text,
        technologies       text
    ) on commit drop;
    truncate company_change_before;
    insert into company_change_before (id, present, prospect_search_id, fields, contacts, jobs, technologies)
    select i.id, c.id is not null, c.prospect_search_id,
           case when c.id is not null then company_change_fields(c) end,
           case when c.id is not null then company_contacts_digest(c.id) end,
           case when c.id is not null then company_jobs_digest(c.id) end,
           case when c.id is not null then company_technologies_digest(c.id) end
    from (select distinct unnest(ids) as id) i
             left join company c on c.id = i.id;
end
$$;

-- A company's own fields as text, in the order of company_change_field_names().
create function company_change_fields(c company) returns text[]
    language sql immutable as
$$
select array [c.name, c.city, c.country, c.business_type, c.website, c.match_score::text, c.review_status, c.phone,
           c.created_at::text, c.updated_at::text]
$$;

create function company_change_field_names() returns text[]
    language sql immutable as
$$
select array ['name', 'city', 'country', 'business_type', 'website', 'match_score', 'review_status', 'phone',
           'created_at', 'updated_at']
$$;

create function company_changes_record() returns integer
    language plpgsql as
$$
declare
    recorded integer;
begin
    with after as (
        select b.id, b.present, b.prospect_search_id as search_before, b.fields as fields_before,
               b.contacts as contacts_before, b.jobs as jobs_before, b.technologies as technologies_before,
               c.id is not null as present_after, c.prospect_search_id as search_after,
               case when c.id is not null then company_change_fields(c) end as fields_after
        from company_change_before b
                 left join company c on c.id = b.id
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
        select u.search_after, u.id, 'updated', u.changed
        from (select a.search_after, a.id,
                     array(select n.name
                           from unnest(company_change_field_names(), a.fields_before, a.fields_after) as n(name, was, is_now)
                           where n.was is distinct from n.is_now)
                         || case when a.contacts_before is distinct from company_contacts_digest(a.id)
                                 then array ['contacts'] else array []::text[] end
                         || case when a.jobs_before is distinct from company_jobs_digest(a.id)
                                 then array ['jobs'] else array []::text[] end
                         || case when a.technologies_before is distinct from company_technologies_digest(a.id)
                                 then array ['technologies'] else array []::text[] end as changed
              from after a
              where a.present and a.present_after and a.search_after = a.search_before) u
        where cardinality(u.changed) > 0
    ),
    numbered as (
        select c.*, row_number() over (partition by c.search_id order by c.company_id) as n,
               count(*) over (partition by c.search_id) as of_search
        from changes c
    ),
    -- Numbers are taken under the search row's lock, held until commit: see the top of this file.
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
