-- The companies list's `updated_since` filter (incremental sync, issue 5): a partner asks for the
-- companies of one search changed since its last sync, usually a small share of the search.
create index company_search_updated_idx on company (prospect_search_id, updated_at);
