package com.prospectdata.pipeline.web;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration(proxyBeanMethods = false)
class WebConfiguration implements WebMvcConfigurer {

    private final WebProperties.Cors cors;

    WebConfiguration(WebProperties settings) {
        this.cors = settings.cors();
    }

    /** Every handler mapping refuses disallowed origins in the contract's shape. */
    @Bean
    static BeanPostProcessor contractCorsProcessor() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof AbstractHandlerMapping mapping) {
                    mapping.setCorsProcessor(new ContractCorsProcessor());
                }
                return bean;
            }
        };
    }

    /** CORS is off unless origins are configured: partners call us from servers, not browsers. */
    @Override
    public void addCorsMappings(CorsRegistry registry) {
        if (!cors.enabled()) {
            return;
        }
        registry.addMapping("/api/v1/**")
                .allowedOrigins(cors.allowedOrigins().toArray(String[]::new))
                .allowedMethods("GET")
                .allowedHeaders("Authorization", "Accept", "X-Request-Id", "If-None-Match")
                .exposedHeaders("X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
                        "RateLimit-Policy", "RateLimit", "Retry-After", "ETag", "Link", "API-Key-Expiration",
                        "Export-Total", "Changes-Cursor")
                .allowCredentials(false)
                .maxAge(600);
    }

    /**
     * The asynchronous requests are the streams (pipeline/streaming), which last as long as their
     * client reads: no time limit of their own (the container's default would cut a long export).
     * A client that stops reading is ended by the write timeouts
     * ({@code app.stalled-stream-timeout}, {@code app.write-timeout}) or the pace floor; the
     * writer runs on Spring Boot's task executor, a virtual thread per stream.
     */
    @Override
    public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
        configurer.setDefaultTimeout(NO_TIME_LIMIT);
    }

    /** The servlet API's "no timeout" for an asynchronous request (zero or less). */
    static final long NO_TIME_LIMIT = -1;

    /** Every response is JSON, whatever the client's Accept header asks for (api/openapi.yaml, Conventions). */
    @Override
    public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
        configurer.ignoreAcceptHeader(true).defaultContentType(MediaType.APPLICATION_JSON);
    }
}
