package com.prospectdata.auth;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import java.util.stream.Collectors;
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
 * any parameter is bound, as decisions.md section 2 orders them.
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
        // The generated interfaces' method names are the document's operationIds.
        Set<String> operationIds = mappings.getObject().getHandlerMethods().values().stream()
                .filter(method -> method.getMethod().getDeclaringClass().getPackageName().startsWith("com.prospectdata.generated"))
                .map(method -> method.getMethod().getName())
                .collect(Collectors.toSet());
        plans.validate(operationIds);
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                if (handler instanceof HandlerMethod method) {
                    plans.requireIncluded(ApiKeyAuthenticationFilter.currentCaller().tier(), method.getMethod().getName());
                }
                return true;
            }
        }).addPathPatterns("/api/v1/**");
    }
}
