-- A prospect search's `updated_at` (docs/api-rules.md §11) moves with every change the change feed
-- records for its companies. V6's trigger sees a company's own row only, so an import that changed
-- only a company's contacts, jobs or technologies (with the company's own fields and timestamps
-- written as they were) recorded a `company.updated` (V7, V8) and left the search's `updated_at`
-- where it was: a partner that checks it before syncing would skip that change.
--
-- One statement per recording, on the searches it numbered: their rows are locked by the same
-- transaction already (company_changes_record takes its positions with an UPDATE of them), and a
-- search touched by V6's trigger in the same transaction is not written twice (`< now()`).
create function company_change_touch_prospect_search() returns trigger
    language plpgsql as
$$
begin
    update prospect_search s
    set updated_at = now()
    where s.id in (select distinct prospect_search_id from recorded)
      and s.updated_at < now();
    return null;
end
$$;

create trigger company_change_touch_prospect_search
    after insert on company_change
    referencing new table as recorded
    for each statement execute function company_change_touch_prospect_search();
