package com.prospectdata.pipeline.web;

import com.prospectdata.pipeline.auth.ApiKeyAuthenticationFilter;
import com.prospectdata.pipeline.auth.FailedAuthenticationFilter;
import com.prospectdata.pipeline.auth.ScopeFilter;
import com.prospectdata.pipeline.load.KeyShareFilter;
import com.prospectdata.pipeline.load.LoadSheddingFilter;
import com.prospectdata.pipeline.OperationFilter;
import com.prospectdata.pipeline.ratelimit.RateLimitFilter;
import com.prospectdata.pipeline.tls.HttpsOnlyFilter;
import jakarta.servlet.Filter;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The HTTP pipeline, in the order every request meets it; the order of the contract's checks
 * (docs/api-rules.md §2) is the order of the steps from HTTPS on. Each step is one filter with
 * one job; a step refuses a request by throwing the failure, which the first step answers through
 * {@code ApiExceptionHandler}, the one place that writes error bodies (pipeline/ApiStep). After
 * the last step comes Spring MVC: the plan check (auth/PlanConfiguration), the parameters, the
 * delegate. docs/ARCHITECTURE.md walks through the same list.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class RequestPipeline {

    @Bean
    FilterRegistrationBean<RequestIdFilter> step01RequestId(RequestIdFilter step) {
        return at(1, step);
    }

    @Bean
    FilterRegistrationBean<SecurityHeadersFilter> step02SecurityHeaders(SecurityHeadersFilter step) {
        return at(2, step);
    }

    @Bean
    FilterRegistrationBean<HttpsOnlyFilter> step03HttpsOnly(HttpsOnlyFilter step) {
        return at(3, step);
    }

    @Bean
    FilterRegistrationBean<HostNameFilter> step04HostName(HostNameFilter step) {
        return at(4, step);
    }

    @Bean
    FilterRegistrationBean<OperationFilter> step05Operation(OperationFilter step) {
        return at(5, step);
    }

    @Bean
    FilterRegistrationBean<ApiKeyAuthenticationFilter> step06Authentication(ApiKeyAuthenticationFilter step) {
        return at(6, step);
    }

    @Bean
    FilterRegistrationBean<FailedAuthenticationFilter> step07FailedAttemptThrottle(FailedAuthenticationFilter step) {
        return at(7, step);
    }

    @Bean
    FilterRegistrationBean<RateLimitFilter> step08RateLimit(RateLimitFilter step) {
        return at(8, step);
    }

    @Bean
    FilterRegistrationBean<ScopeFilter> step09Scope(ScopeFilter step) {
        return at(9, step);
    }

    @Bean
    FilterRegistrationBean<KeyShareFilter> step10KeyShare(KeyShareFilter step) {
        return at(10, step);
    }

    @Bean
    FilterRegistrationBean<ConditionalGetFilter> step11ConditionalGet(ConditionalGetFilter step) {
        return at(11, step);
    }

    @Bean
    FilterRegistrationBean<GetOnlyFilter> step12GetOnly(GetOnlyFilter step) {
        return at(12, step);
    }

    /**
     * Last, inside the conditional-GET step's buffered response: the slot is given back when the
     * handler has produced the answer, before that step hands it to the connection; a stream's
     * when it ends.
     */
    @Bean
    FilterRegistrationBean<LoadSheddingFilter> step13LoadShedding(LoadSheddingFilter step) {
        return at(13, step);
    }

    private static <F extends Filter> FilterRegistrationBean<F> at(int position, F step) {
        FilterRegistrationBean<F> registration = new FilterRegistrationBean<>(step);
        // Ahead of every filter Spring Boot adds by itself but two: the character encoding (first)
        // and the observation of the request (HIGHEST_PRECEDENCE + 1), which must wrap every step
        // so that refused requests are measured and the trace id is in every log line.
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1 + position);
        return registration;
    }
}
