"""Calls the API through the Python client generated from api/openapi.yaml.

openapi-generator's python generator, default options: package openapi_client, on pydantic 2
and urllib3 2. The program calls the API the way a partner's code would and prints a JSON
report to stdout: one entry per check, with what the typed results held (or why the check
failed). PythonClientJarTest runs it against the contract tests' server and holds the report
to the fixture and to the document's rules.

The build copies this file to contract-tests/target/python, beside the client generated into
target/python/generated, and byte-compiles both; the test runs it with
PYTHONPATH=target/python/generated, nothing installed with pip.

Input (environment): PROSPECT_API_BASE_URL, PROSPECT_API_CA_CERT (a PEM file: the only
certificate trusted, host names checked), PROSPECT_API_KEY (a key with budget to spare),
PROSPECT_API_LIMITED_KEY (a key with a budget of exactly one request, not used yet),
PROSPECT_SEARCH_ID, PROSPECT_COMPANY_ID (a company of that search with jobs and a completed
scan) and PROSPECT_UNKNOWN_COMPANY_ID. Exit status 0 when every check passed, 1 when one
failed, 2 on bad input, 3 when this Python lacks what the generated client needs (one line on
stderr says what).
"""

import importlib
import json
import os
import sys
import time


def _missing_requirements():
    """What the generated client needs (its pyproject.toml) that this Python lacks."""
    missing = []
    if sys.version_info < (3, 10):
        missing.append("Python 3.10 or newer (this is %d.%d)" % sys.version_info[:2])
    for module, requirement, major in (
            ("pydantic", "pydantic 2", 2),
            ("urllib3", "urllib3 2", 2),
            ("dateutil", "python-dateutil", None),
            ("typing_extensions", "typing-extensions", None)):
        try:
            loaded = importlib.import_module(module)
        except ImportError:
            missing.append(requirement)
            continue
        version = getattr(loaded, "VERSION", None) or getattr(loaded, "__version__", "0")
        if major is not None and int(str(version).split(".")[0]) < major:
            missing.append("%s (found %s)" % (requirement, version))
    return missing


_MISSING = _missing_requirements()
if _MISSING:
    sys.stderr.write("check_client: %s lacks %s, which the generated Python client needs\n"
                     % (sys.executable, ", ".join(_MISSING)))
    sys.exit(3)

import urllib3  # noqa: E402

import openapi_client  # noqa: E402
from openapi_client.exceptions import ApiException  # noqa: E402
from openapi_client.models.company_include import CompanyInclude  # noqa: E402

# The page size of the walks: small, so that the fixture's search takes many pages.
PAGE_SIZE = 2
# A walk that has not ended after this many pages is a failure, not a loop.
MAX_PAGES = 100
BOTH_SUMMARIES = [CompanyInclude.JOBS_SUMMARY, CompanyInclude.WEBTECH_SUMMARY]


class CheckFailed(Exception):
    """A check's typed result is not what the document promises; observed is what it saw so far."""

    def __init__(self, message, observed=None):
        super().__init__(message)
        self.observed = observed


def required(name):
    value = os.environ.get(name, "")
    if value == "":
        sys.stderr.write("check_client: environment variable %s is not set\n" % name)
        sys.exit(2)
    return value


BASE_URL = required("PROSPECT_API_BASE_URL")
CA_CERT = required("PROSPECT_API_CA_CERT")
SEARCH_ID = required("PROSPECT_SEARCH_ID")
COMPANY_ID = required("PROSPECT_COMPANY_ID")
UNKNOWN_COMPANY_ID = required("PROSPECT_UNKNOWN_COMPANY_ID")


def client(key):
    """A client of the server under test that sends this key (None: no key)."""
    configuration = openapi_client.Configuration(
        host=BASE_URL,
        # The generated client sends access_token as "Authorization: Bearer <token>" (bearerAuth).
        access_token=key,
        # The only certificate trusted; host names are checked (verify_ssl is True by default).
        ssl_ca_cert=CA_CERT,
        # The generated client hands urllib3 no Retry of its own when retries is None (its
        # default), so urllib3's default applies: Retry(total=3), which repeats a GET answered
        # 429 (or 503, 413) with a Retry-After header after sleeping that many seconds, up to 3
        # times (urllib3 caps a wait at 6 hours), before the client raises. This API's 429 says
        # Retry-After: up to 3600. Switched off here, as docs/clients.md tells partners:
        # respect_retry_after_header=False ends the waits on 429, 503 and 413 and keeps urllib3's
        # retries of connection errors. It must be set before the ApiClient is made, which
        # builds its connection pool from the configuration once.
        retries=urllib3.Retry(total=3, respect_retry_after_header=False),
    )
    return openapi_client.ApiClient(configuration)


MAIN = client(required("PROSPECT_API_KEY"))
LIMITED = client(required("PROSPECT_API_LIMITED_KEY"))


def wire(api_client, value):
    """The wire form of a typed result, by the client's own serializer (datetimes in ISO 8601)."""
    return api_client.sanitize_for_serialization(value)


def describe(error):
    if isinstance(error, ApiException):
        return "HTTP %s %s: %s" % (error.status, error.reason, error.body)
    return "%s: %s" % (type(error).__name__, error)


def page_of(page, query=None):
    """One page of a list as the client typed it (query: None, the Python client's URL is not exposed)."""
    entry = {
        "query": query,
        "offset": page.offset,
        "limit": page.limit,
        "total": page.total,
        "has_more": page.has_more,
        "ids": [str(item.id) for item in page.items],
    }
    if page.next_cursor is not None:
        entry["next_cursor"] = page.next_cursor
    return entry


def walk_companies(by_cursor):
    """The companies of the search, page after page: by next_cursor, or by offset + limit."""
    companies = openapi_client.CompaniesApi(MAIN)
    result = {"pages": [], "ids": []}
    cursor = None
    offset = 0
    for number in range(1, MAX_PAGES + 1):
        try:
            if by_cursor:
                # The first page without a cursor, then each page's next_cursor, nothing else changed.
                page = companies.list_companies(prospect_search_id=SEARCH_ID, limit=PAGE_SIZE, cursor=cursor)
            else:
                page = companies.list_companies(prospect_search_id=SEARCH_ID, limit=PAGE_SIZE, offset=offset)
        except Exception as e:  # noqa: BLE001 - reported, with the pages so far
            raise CheckFailed("page %d: %s" % (number, describe(e)), result) from e
        entry = page_of(page)
        result["pages"].append(entry)
        result["ids"].extend(entry["ids"])
        if not page.has_more:
            return result
        if by_cursor:
            if page.next_cursor is None:
                raise CheckFailed("page %d has has_more true and no next_cursor" % number, result)
            cursor = page.next_cursor
        else:
            offset += page.limit
    raise CheckFailed("has_more still true after %d pages" % MAX_PAGES, result)


def prospect_searches():
    """Every prospect search of the organization: pages of the largest size, by cursor if more than one."""
    api = openapi_client.ProspectSearchesApi(MAIN)
    pages, searches = [], []
    cursor = None
    for number in range(1, MAX_PAGES + 1):
        page = api.list_prospect_searches(limit=100, cursor=cursor)
        pages.append(page_of(page))
        searches.extend(wire(MAIN, search) for search in page.items)
        if not page.has_more:
            return {"pages": pages, "searches": searches}
        if page.next_cursor is None:
            raise CheckFailed("page %d has has_more true and no next_cursor" % number)
        cursor = page.next_cursor
    raise CheckFailed("has_more still true after %d pages" % MAX_PAGES)


def usage(api_client):
    response = openapi_client.UsageApi(api_client).get_usage_with_http_info()
    return {
        "usage": wire(api_client, response.data),
        "remaining_header": response.headers.get("X-RateLimit-Remaining"),
        "limit_header": response.headers.get("X-RateLimit-Limit"),
    }


def expect_error(status, call):
    """The call must fail with HTTP status: the client's ApiException, whose data is the error body
    as the generated model (ErrorResponse, RateLimitErrorResponse) read it."""
    started = time.monotonic()
    try:
        call()
    except ApiException as e:
        seconds = "%.3f" % (time.monotonic() - started)
        if e.status != status:
            raise CheckFailed("expected HTTP %d, got %s" % (status, describe(e))) from e
        model = e.data
        if model is None:
            raise CheckFailed("HTTP %d not read as the document's error model: %s" % (status, e.body)) from e
        observed = {"status": e.status, "error": model.error, "message": model.message, "seconds": seconds,
                    "model": type(model).__name__, "exception": type(e).__name__}
        if status == 429:
            observed["retry_after"] = model.retry_after
            observed["retry_after_header"] = (e.headers or {}).get("Retry-After")
        return observed
    raise CheckFailed("expected HTTP %d, got a result" % status)


def over_budget():
    companies = openapi_client.CompaniesApi(LIMITED)
    # The limited key's one request: served, and its bucket is empty afterwards.
    company = companies.get_company(COMPANY_ID)
    if str(company.id) != COMPANY_ID:
        raise CheckFailed("the limited key's first request answered company %s" % company.id)
    return expect_error(429, lambda: companies.get_company(COMPANY_ID))


def company_with_include():
    company = openapi_client.CompaniesApi(MAIN).get_company(COMPANY_ID, include=BOTH_SUMMARIES)
    if company.jobs_summary is None or company.webtech_summary is None:
        raise CheckFailed("the company lacks a summary include asked for: %r" % company)
    return wire(MAIN, company)


def export_to_the_end():
    """The search's export with both summaries, read to its end: its lines' ids, and the count the
    server announced before them."""
    response = openapi_client.ExportApi(MAIN).export_prospect_search_companies_with_http_info(SEARCH_ID, include=BOTH_SUMMARIES)
    ids = []
    for number, line in enumerate(bytes(response.data).decode("utf-8").splitlines(), start=1):
        company = openapi_client.Company.from_json(line)
        if company.jobs_summary is None or company.webtech_summary is None:
            raise CheckFailed("line %d lacks a summary include asked for" % number)
        ids.append(str(company.id))
    return {"export_total": response.headers.get("Export-Total"), "ids": ids}


CHECKS = [
    # No key: /health needs none.
    ("getHealth", lambda: wire(MAIN, openapi_client.HealthApi(client(None)).get_health())),
    ("listProspectSearches", prospect_searches),
    ("getProspectSearch", lambda: wire(MAIN, openapi_client.ProspectSearchesApi(MAIN).get_prospect_search(SEARCH_ID))),
    ("listCompanies by cursor", lambda: walk_companies(by_cursor=True)),
    ("listCompanies by offset", lambda: walk_companies(by_cursor=False)),
    ("getCompany with include", company_with_include),
    ("listCompanies with include", lambda: wire(MAIN, openapi_client.CompaniesApi(MAIN).list_companies(
        prospect_search_id=SEARCH_ID, search="Lena Vogt", include=BOTH_SUMMARIES))),
    ("exportProspectSearchCompanies", export_to_the_end),
    ("getCompanyJobsSummary", lambda: wire(MAIN, openapi_client.JobsApi(MAIN).get_company_jobs_summary(COMPANY_ID))),
    ("getCompanyWebtechSummary", lambda: wire(MAIN, openapi_client.TechnologiesApi(MAIN).get_company_webtech_summary(COMPANY_ID))),
    ("getUsage", lambda: usage(MAIN)),
    ("getCompany unknown (404)", lambda: expect_error(404, lambda: openapi_client.CompaniesApi(MAIN).get_company(UNKNOWN_COMPANY_ID))),
    ("listCompanies forged cursor (400)", lambda: expect_error(400, lambda: openapi_client.CompaniesApi(MAIN).list_companies(
        prospect_search_id=SEARCH_ID, cursor="AAAA"))),
    ("getCompany over budget (429)", over_budget),
    # getUsage is free: it answers the key whose budget the check before spent.
    ("getUsage over budget", lambda: usage(LIMITED)),
]


def main():
    results = []
    # One after the other: the 429 check spends a budget that must not be raced.
    for check, call in CHECKS:
        try:
            results.append({"check": check, "ok": True, "observed": call()})
        except CheckFailed as e:
            entry = {"check": check, "ok": False, "failure": str(e)}
            if e.observed is not None:
                entry["observed"] = e.observed
            results.append(entry)
        except Exception as e:  # noqa: BLE001 - every other failure is the check's too
            results.append({"check": check, "ok": False, "failure": describe(e)})
    sys.stdout.write(json.dumps({"results": results}, indent=2) + "\n")
    return 0 if all(result["ok"] for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
