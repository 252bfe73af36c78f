// The program that calls the API through the Go client generated from api/openapi.yaml; a module
// of its own, as a partner's would be. The build copies it to contract-tests/target/go/check-client,
// beside the client generated into target/go/generated (module github.com/GIT_USER_ID/GIT_REPO_ID,
// the go generator's default), which the replace directive below points to: nothing is fetched.
module prospectdata.example/check-client

go 1.19

require github.com/GIT_USER_ID/GIT_REPO_ID v0.0.0

replace github.com/GIT_USER_ID/GIT_REPO_ID => ../generated
