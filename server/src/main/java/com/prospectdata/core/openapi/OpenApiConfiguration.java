package com.prospectdata.core.openapi;

import java.time.OffsetDateTime;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.module.SimpleModule;

@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    /** Read and parsed once: the served contract and the parameter checks share it. */
    @Bean
    OpenApiDocument openApiDocument() {
        return OpenApiDocument.fromClasspath();
    }

    /** The operations and their traits, read from the same document once. */
    @Bean
    ApiOperations apiOperations(OpenApiDocument document) {
        return ApiOperations.of(document);
    }

    /** The answers' timestamps written without java.time's formatter (registered with Spring Boot's JsonMapper). */
    @Bean
    JacksonModule wireTimeModule() {
        return new SimpleModule("wire-time").addSerializer(OffsetDateTime.class, new WireTimeSerializer());
    }
}
