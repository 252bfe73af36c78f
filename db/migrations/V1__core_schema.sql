-- Core schema of the Company Prospect Data API.
-- The data rules of the contract are constraints here, so no writer (importer, demo data,
-- manual SQL) can store what the API would have to refuse to serve.

create table organization (
    id          uuid primary key,
    name        text        not null check (length(trim(name)) > 0),
    created_at  timestamptz not null default now()
);

create table prospect_search (
    id              uuid primary key,
    organization_id uuid        not null references organization (id),
    name            text        not null check (length(trim(name)) > 0),
    created_at      timestamptz not null default now()
);
create index prospect_search_organization_idx on prospect_search (organization_id);

create table company (
    id                 uuid primary key,
    prospect_search_id uuid             not null references prospect_search (id),
    name               text             not null,
    city               text             not null,
    country            text             not null,
    business_type      text             not null,
    website            text             not null,
    match_score        double precision not null check (match_score >= 0 and match_score <= 10),
    review_status      text             not null check (review_status in ('accepted', 'rejected', 'pending')),
    phone              text,
    created_at         timestamptz      not null,
    updated_at         timestamptz      not null
);
-- The list's ordering (match_score desc, name, id) within one search, with and without a
-- review-status filter; min_match_score is a range on the same leading key.
create index company_search_order_idx
    on company (prospect_search_id, match_score desc, name, id);
create index company_search_status_order_idx
    on company (prospect_search_id, review_status, match_score desc, name, id);

create table contact (
    id           uuid primary key,
    company_id   uuid    not null references company (id) on delete cascade,
    -- Keeps the contacts in the order the import gave them.
    position     integer not null check (position >= 0),
    name         text    not null,
    title        text,
    email        text,
    linkedin_url text
);
create index contact_company_idx on contact (company_id, position);

create table job (
    id          text primary key check (length(id) > 0),
    company_id  uuid        not null references company (id) on delete cascade,
    title       text        not null,
    platform    text        not null,
    date_posted timestamptz not null,
    job_url     text        not null,
    removed_at  timestamptz
);
-- Active jobs of a company in list order; the platform filter is case-insensitive.
create index job_company_active_order_idx
    on job (company_id, date_posted desc, id) where removed_at is null;
create index job_company_platform_active_order_idx
    on job (company_id, lower(platform), date_posted desc, id) where removed_at is null;

create table webtech_scan (
    company_id uuid primary key references company (id) on delete cascade,
    status     text        not null check (status in ('completed', 'failed', 'pending')),
    scanned_at timestamptz not null
);

create table technology (
    company_id uuid    not null references webtech_scan (company_id) on delete cascade,
    name       text    not null check (length(name) > 0),
    category   text    not null check (length(category) > 0),
    confidence integer not null check (confidence >= 0 and confidence <= 100),
    version    text,
    primary key (company_id, name)
);
-- The list's ordering (confidence desc, name) with and without the category filter.
create index technology_company_order_idx
    on technology (company_id, confidence desc, name);
create index technology_company_category_order_idx
    on technology (company_id, lower(category), confidence desc, name);

create table api_key (
    id              uuid primary key,
    organization_id uuid        not null references organization (id),
    -- SHA-256 of the full key; the key itself is never stored.
    key_hash        bytea       not null unique check (length(key_hash) = 32),
    hint_prefix     text        not null check (length(hint_prefix) = 8),
    hint_suffix     text        not null check (length(hint_suffix) = 8),
    environment     text        not null check (environment in ('live', 'test')),
    tier            text        not null check (tier in ('free', 'pro', 'enterprise')),
    -- Requests per hour; set for enterprise keys only, the other tiers use their plan's.
    rate_limit      integer check (rate_limit > 0),
    scopes          text[]      not null,
    label           text,
    created_at      timestamptz not null default now(),
    revoked_at      timestamptz,
    last_used_at    timestamptz,
    check ((tier = 'enterprise') = (rate_limit is not null))
);
create index api_key_organization_idx on api_key (organization_id);
create index api_key_hint_idx on api_key (hint_prefix, hint_suffix);
