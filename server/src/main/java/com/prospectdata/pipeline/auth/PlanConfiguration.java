package com.prospectdata.pipeline.auth;

import com.prospectdata.core.openapi.GeneratedOperations;
import com.prospectdata.pipeline.RequestContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Applies {@link PlanPolicy} to every {@code /api/v1} operation after the scope check and before
 * any parameter is read, as the document's order of checks says.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@EnableConfigurationProperties(PlanPolicy.class)
class PlanConfiguration implements WebMvcConfigurer, SmartInitializingSingleton {

    private final PlanPolicy plans;
    private final ObjectProvider<RequestMappingHandlerMapping> mappings;

    PlanConfiguration(PlanPolicy plans,
                      @Qualifier("requestMappingHandlerMapping") ObjectProvider<RequestMappingHandlerMapping> mappings) {
        this.plans = plans;
        this.mappings = mappings;
    }

    /** A plan naming an operation that does not exist is a typo: refuse to start. */
    @Override
    public void afterSingletonsInstantiated() {
        plans.validate(GeneratedOperations.of(mappings.getObject()).keySet());
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                if (handler instanceof HandlerMethod method) {
                    GeneratedOperations.operationId(method.getMethod()).ifPresent(operationId ->
                            plans.requireIncluded(RequestContext.of(request).acceptedCaller().tier(), operationId));
                }
                return true;
            }
        }).addPathPatterns("/api/v1/**");
    }
}
