package com.prospectdata.contract.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;

/**
 * The one validator set-up of the contract tests, for the shared server ({@link Api}) and every
 * dedicated one ({@link ServerProcess}): strict (request and response) and responses-only (for
 * requests that are wrong on purpose), both on api/openapi.yaml. ValidatorSelfTest checks them.
 */
final class ContractValidation {

    static final OpenApiInteractionValidator STRICT_VALIDATOR = validator(LevelResolver.create().build());
    static final OpenApiInteractionValidator RESPONSES_ONLY_VALIDATOR = validator(LevelResolver.create()
            .withLevel("validation.request", ValidationReport.Level.IGNORE)
            .build());
    static final OpenApiValidationFilter STRICT = new OpenApiValidationFilter(STRICT_VALIDATOR);
    static final OpenApiValidationFilter RESPONSES_ONLY = new OpenApiValidationFilter(RESPONSES_ONLY_VALIDATOR);
    /** What the document says of every response, beyond what a schema can say. */
    static final ContractInvariants INVARIANTS = new ContractInvariants();

    private ContractValidation() {
    }

    private static OpenApiInteractionValidator validator(LevelResolver levels) {
        return OpenApiInteractionValidator.createForSpecificationUrl(Api.documentUri())
                // The document's servers are https://api.prospectdata.example...: match paths from the root.
                .withBasePathOverride("/")
                // The validator forbids properties a schema does not declare (stricter than OpenAPI's
                // default). For an allOf, it would apply that to each part alone and refuse every
                // RateLimitErrorResponse (ErrorResponse + retry_after): merge the parts first.
                .withResolveCombinators(true)
                .withLevelResolver(levels)
                .build();
    }
}
