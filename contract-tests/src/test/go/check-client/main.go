// Command check-client calls the API through the Go client generated from api/openapi.yaml
// (openapi-generator's go generator, default options), the way a partner's code would, and
// prints a JSON report to stdout: one entry per check, with what the typed results held (or why
// the check failed). GoClientJarTest runs it against the contract tests' server and holds the
// report to the fixture and to the document's rules.
//
// The build copies this module to contract-tests/target/go/check-client, beside the client
// generated into target/go/generated, and builds it there with the machine's Go, offline
// (target/go/build): a client the document no longer yields, or a use of it that no longer
// compiles, fails the build.
//
// Input (environment): PROSPECT_API_BASE_URL, PROSPECT_API_CA_CERT (a PEM file: the only
// certificate trusted, host names checked), PROSPECT_API_KEY (a key with budget to spare),
// PROSPECT_SEARCH_ID, PROSPECT_COMPANY_ID (a company of that search with jobs and a completed
// scan) and PROSPECT_UNKNOWN_COMPANY_ID. Exit status 0 when every check passed, 1 when one
// failed, 2 on bad input.
//
// A 429 is not provoked here (it needs a key of its own, an operator command's seconds of the
// run): the Go client reads it as it reads the 404 and 400 below, into the document's
// RateLimitErrorResponse, and neither it nor Go's net/http repeats a request answered 429.
package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	openapi "github.com/GIT_USER_ID/GIT_REPO_ID"
)

// The page size of the walks: small, so that the fixture's search takes many pages.
const pageSize = 2

// A walk that has not ended after this many pages is a failure, not a loop.
const maxPages = 100

type result struct {
	Check    string      `json:"check"`
	OK       bool        `json:"ok"`
	Observed interface{} `json:"observed,omitempty"`
	Failure  string      `json:"failure,omitempty"`
}

// One page of a list as the client typed it, with the query string the client sent for it.
type page struct {
	Query      string   `json:"query"`
	Offset     int32    `json:"offset"`
	Limit      int32    `json:"limit"`
	Total      int64    `json:"total"`
	HasMore    bool     `json:"has_more"`
	NextCursor *string  `json:"next_cursor,omitempty"`
	IDs        []string `json:"ids"`
}

// A walk through a list: its pages in order and the ids they returned, and the query string of
// the request that failed, if one did.
type walk struct {
	Pages       []page   `json:"pages"`
	IDs         []string `json:"ids"`
	FailedQuery *string  `json:"failed_query,omitempty"`
}

type typedError struct {
	Status           int    `json:"status"`
	Error            string `json:"error"`
	Message          string `json:"message"`
	RetryAfter       *int32 `json:"retry_after,omitempty"`
	RetryAfterHeader string `json:"retry_after_header,omitempty"`
	Seconds          string `json:"seconds,omitempty"`
}

func required(name string) string {
	value := os.Getenv(name)
	if value == "" {
		fmt.Fprintf(os.Stderr, "check-client: environment variable %s is not set\n", name)
		os.Exit(2)
	}
	return value
}

var (
	searchID         string
	companyID        string
	unknownCompanyID string
	client           *openapi.APIClient
	mainKey          context.Context
)

// The wire form of a typed result, written by the generated model's own MarshalJSON.
func wire(value interface{}) (json.RawMessage, error) {
	return json.Marshal(value)
}

func queryOf(response *http.Response) string {
	if response == nil || response.Request == nil || response.Request.URL == nil {
		return ""
	}
	return response.Request.URL.RawQuery
}

// What went wrong with a call, with the response's body when there was one.
func describe(response *http.Response, err error) error {
	var apiError *openapi.GenericOpenAPIError
	if errors.As(err, &apiError) && response != nil {
		return fmt.Errorf("HTTP %s: %s", response.Status, string(apiError.Body()))
	}
	return err
}

func pageOf(query string, offset int32, limit int32, total int64, hasMore bool, nextCursor *string, ids []string) page {
	return page{Query: query, Offset: offset, Limit: limit, Total: total, HasMore: hasMore, NextCursor: nextCursor, IDs: ids}
}

func companyPage(list *openapi.CompanyList, response *http.Response) page {
	ids := []string{}
	for _, company := range list.GetItems() {
		ids = append(ids, company.GetId())
	}
	return pageOf(queryOf(response), list.GetOffset(), list.GetLimit(), list.GetTotal(), list.GetHasMore(), list.NextCursor, ids)
}

// Walks the companies of the search page after page until has_more is false: by cursor (the
// first page without one, then each page's next_cursor as cursor, nothing else changed), or by
// offset (0, then offset + limit).
func walkCompanies(byCursor bool) (interface{}, error) {
	result := walk{Pages: []page{}, IDs: []string{}}
	var cursor *string
	var offset int32
	for n := 1; n <= maxPages; n++ {
		request := client.CompaniesAPI.ListCompanies(mainKey).ProspectSearchId(searchID).Limit(pageSize)
		if byCursor && cursor != nil {
			request = request.Cursor(*cursor)
		} else if !byCursor {
			request = request.Offset(offset)
		}
		list, response, err := request.Execute()
		if err != nil {
			query := queryOf(response)
			result.FailedQuery = &query
			return result, fmt.Errorf("page %d (query %s): %w", n, query, describe(response, err))
		}
		current := companyPage(list, response)
		result.Pages = append(result.Pages, current)
		result.IDs = append(result.IDs, current.IDs...)
		if !list.GetHasMore() {
			return result, nil
		}
		if !byCursor {
			offset += list.GetLimit()
			continue
		}
		if !list.HasNextCursor() {
			return result, fmt.Errorf("page %d has has_more true and no next_cursor", n)
		}
		next := list.GetNextCursor()
		cursor = &next
	}
	return result, fmt.Errorf("has_more still true after %d pages", maxPages)
}

// Every prospect search of the organization (pages of the largest size, by cursor when there is
// more than one), as the client typed them.
func prospectSearches() (interface{}, error) {
	pages := []page{}
	searches := []json.RawMessage{}
	var cursor *string
	for n := 1; n <= maxPages; n++ {
		request := client.ProspectSearchesAPI.ListProspectSearches(mainKey).Limit(100)
		if cursor != nil {
			request = request.Cursor(*cursor)
		}
		list, response, err := request.Execute()
		if err != nil {
			return map[string]interface{}{"pages": pages, "searches": searches},
				fmt.Errorf("page %d (query %s): %w", n, queryOf(response), describe(response, err))
		}
		ids := []string{}
		for _, search := range list.GetItems() {
			ids = append(ids, search.GetId())
			value, err := wire(search)
			if err != nil {
				return nil, err
			}
			searches = append(searches, value)
		}
		pages = append(pages, pageOf(queryOf(response), list.GetOffset(), list.GetLimit(), list.GetTotal(), list.GetHasMore(), list.NextCursor, ids))
		if !list.GetHasMore() {
			return map[string]interface{}{"pages": pages, "searches": searches}, nil
		}
		if !list.HasNextCursor() {
			return nil, fmt.Errorf("page %d has has_more true and no next_cursor", n)
		}
		next := list.GetNextCursor()
		cursor = &next
	}
	return nil, fmt.Errorf("has_more still true after %d pages", maxPages)
}

var bothSummaries = []openapi.CompanyInclude{openapi.JOBS_SUMMARY, openapi.WEBTECH_SUMMARY}

// The search's export with both summaries, read to its end: its lines' ids, and the count the
// server announced before them.
func exportToTheEnd() (interface{}, error) {
	file, response, err := client.ExportAPI.ExportProspectSearchCompanies(mainKey, searchID).Include(bothSummaries).Execute()
	if err != nil {
		return nil, describe(response, err)
	}
	defer os.Remove(file.Name())
	defer file.Close()
	if _, err := file.Seek(0, 0); err != nil {
		return nil, err
	}
	ids := []string{}
	scanner := bufio.NewScanner(file)
	scanner.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	for scanner.Scan() {
		var company openapi.Company
		if err := json.Unmarshal(scanner.Bytes(), &company); err != nil {
			return nil, fmt.Errorf("line %d is not a Company: %v", len(ids)+1, err)
		}
		if !company.HasJobsSummary() || !company.HasWebtechSummary() {
			return nil, fmt.Errorf("line %d lacks a summary include asked for", len(ids)+1)
		}
		ids = append(ids, company.Id)
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	return map[string]interface{}{"export_total": response.Header.Get("Export-Total"), "ids": ids}, nil
}

func usage(ctx context.Context) (interface{}, error) {
	usage, response, err := client.UsageAPI.GetUsage(ctx).Execute()
	if err != nil {
		return nil, describe(response, err)
	}
	value, err := wire(usage)
	if err != nil {
		return nil, err
	}
	return map[string]interface{}{
		"usage":            value,
		"remaining_header": response.Header.Get("X-RateLimit-Remaining"),
		"limit_header":     response.Header.Get("X-RateLimit-Limit"),
	}, nil
}

// The call must have failed with HTTP status: the client's GenericOpenAPIError, whose Model() is
// the document's error body as the generated model read it.
func expectError(status int, response *http.Response, err error, started time.Time) (interface{}, error) {
	seconds := fmt.Sprintf("%.3f", time.Since(started).Seconds())
	if err == nil {
		return nil, fmt.Errorf("expected HTTP %d, got a result", status)
	}
	var apiError *openapi.GenericOpenAPIError
	if !errors.As(err, &apiError) {
		return nil, fmt.Errorf("expected a GenericOpenAPIError, got %T: %v", err, err)
	}
	if response == nil || response.StatusCode != status {
		return nil, fmt.Errorf("expected HTTP %d: %w", status, describe(response, err))
	}
	switch model := apiError.Model().(type) {
	case openapi.RateLimitErrorResponse:
		retryAfter := model.GetRetryAfter()
		return typedError{Status: response.StatusCode, Error: model.GetError(), Message: model.GetMessage(),
			RetryAfter: &retryAfter, RetryAfterHeader: response.Header.Get("Retry-After"), Seconds: seconds}, nil
	case openapi.ErrorResponse:
		return typedError{Status: response.StatusCode, Error: model.GetError(), Message: model.GetMessage(), Seconds: seconds}, nil
	default:
		return nil, fmt.Errorf("HTTP %d read as %T, not as the document's error model; body %s", status, model, string(apiError.Body()))
	}
}

type check struct {
	name string
	call func() (interface{}, error)
}

var checks = []check{
	{"getHealth", func() (interface{}, error) {
		// No key: /health needs none.
		health, response, err := client.HealthAPI.GetHealth(context.Background()).Execute()
		if err != nil {
			return nil, describe(response, err)
		}
		return wire(health)
	}},
	{"listProspectSearches", prospectSearches},
	{"getProspectSearch", func() (interface{}, error) {
		search, response, err := client.ProspectSearchesAPI.GetProspectSearch(mainKey, searchID).Execute()
		if err != nil {
			return nil, describe(response, err)
		}
		return wire(search)
	}},
	{"listCompanies by cursor", func() (interface{}, error) { return walkCompanies(true) }},
	{"listCompanies by offset", func() (interface{}, error) { return walkCompanies(false) }},
	{"getCompany with include", func() (interface{}, error) {
		company, response, err := client.CompaniesAPI.GetCompany(mainKey, companyID).Include(bothSummaries).Execute()
		if err != nil {
			return nil, describe(response, err)
		}
		if !company.HasJobsSummary() || !company.HasWebtechSummary() {
			return nil, fmt.Errorf("the company lacks a summary include asked for: %+v", company)
		}
		return wire(company)
	}},
	{"listCompanies with include", func() (interface{}, error) {
		list, response, err := client.CompaniesAPI.ListCompanies(mainKey).ProspectSearchId(searchID).Search("Lena Vogt").Include(bothSummaries).Execute()
		if err != nil {
			return nil, describe(response, err)
		}
		return wire(list)
	}},
	{"exportProspectSearchCompanies", exportToTheEnd},
	{"getCompanyJobsSummary", func() (interface{}, error) {
		summary, response, err := client.JobsAPI.GetCompanyJobsSummary(mainKey, companyID).Execute()
		if err != nil {
			return nil, describe(response, err)
		}
		return wire(summary)
	}},
	{"getCompanyWebtechSummary", func() (interface{}, error) {
		summary, response, err := client.TechnologiesAPI.GetCompanyWebtechSummary(mainKey, companyID).Execute()
		if err != nil {
			return nil, describe(response, err)
		}
		return wire(summary)
	}},
	{"getUsage", func() (interface{}, error) { return usage(mainKey) }},
	{"getCompany unknown (404)", func() (interface{}, error) {
		started := time.Now()
		_, response, err := client.CompaniesAPI.GetCompany(mainKey, unknownCompanyID).Execute()
		return expectError(404, response, err, started)
	}},
	{"listCompanies forged cursor (400)", func() (interface{}, error) {
		started := time.Now()
		_, response, err := client.CompaniesAPI.ListCompanies(mainKey).ProspectSearchId(searchID).Cursor("AAAA").Execute()
		return expectError(400, response, err, started)
	}},
}

func main() {
	baseURL := required("PROSPECT_API_BASE_URL")
	certificate, err := os.ReadFile(required("PROSPECT_API_CA_CERT"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "check-client: %v\n", err)
		os.Exit(2)
	}
	trusted := x509.NewCertPool()
	if !trusted.AppendCertsFromPEM(certificate) {
		fmt.Fprintln(os.Stderr, "check-client: PROSPECT_API_CA_CERT holds no PEM certificate")
		os.Exit(2)
	}
	searchID = required("PROSPECT_SEARCH_ID")
	companyID = required("PROSPECT_COMPANY_ID")
	unknownCompanyID = required("PROSPECT_UNKNOWN_COMPANY_ID")

	configuration := openapi.NewConfiguration()
	configuration.Servers = openapi.ServerConfigurations{{URL: baseURL}}
	configuration.HTTPClient = &http.Client{
		Timeout:   20 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: trusted, MinVersion: tls.VersionTLS12}},
	}
	client = openapi.NewAPIClient(configuration)
	// The generated client sends ContextAccessToken as "Authorization: Bearer <token>" (bearerAuth).
	mainKey = context.WithValue(context.Background(), openapi.ContextAccessToken, required("PROSPECT_API_KEY"))

	results := []result{}
	allPassed := true
	for _, c := range checks {
		observed, err := c.call()
		entry := result{Check: c.name, OK: err == nil, Observed: observed}
		if err != nil {
			entry.Failure = err.Error()
			allPassed = false
		}
		results = append(results, entry)
	}
	out := json.NewEncoder(os.Stdout)
	out.SetIndent("", "  ")
	if err := out.Encode(map[string]interface{}{"results": results}); err != nil {
		fmt.Fprintf(os.Stderr, "check-client: %v\n", err)
		os.Exit(1)
	}
	if !allPassed {
		os.Exit(1)
	}
}
