package com.prospectdata.features.companies;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.openapi.GeneratedOperations;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.Tier;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The Free plan has no exports (docs/api-rules.md §14): a 403 in the plan step, beside the
 * configured plans, so that it comes before any parameter is read, as the order of checks says.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class FreePlanHasNoExports implements WebMvcConfigurer {

    private static final String MESSAGE = "Exports are not available on the Free plan";
    private static final String EXPORT = "exportProspectSearchCompanies";

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                if (handler instanceof HandlerMethod method
                        && GeneratedOperations.operationId(method.getMethod()).filter(EXPORT::equals).isPresent()
                        && RequestContext.of(request).acceptedCaller().tier() == Tier.FREE) {
                    throw ApiException.forbidden(MESSAGE);
                }
                return true;
            }
        }).addPathPatterns("/api/v1/**");
    }
}
