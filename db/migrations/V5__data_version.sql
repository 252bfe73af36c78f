-- The version of each organization's data (docs/api-rules.md §1, "Validators and freshness").
-- Every write of an organization's searches, companies, contacts, jobs or scans (`import`,
-- `demo-data`) raises its version by one in the write's own transaction, so a version never
-- names data that was not committed. The server reads this table every
-- `app.data-version.poll-interval` and answers `If-None-Match` from it without running the
-- request's query. An organization without a row has had no data written: version 0.
create table data_version (
    organization_id uuid        primary key references organization (id) on delete cascade,
    version         bigint      not null check (version > 0),
    changed_at      timestamptz not null default now()
);

insert into data_version (organization_id, version)
select id, 1 from organization;
