package com.prospectdata.openapi;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    /** Read and parsed once: the served contract and the parameter checks share it. */
    @Bean
    OpenApiDocument openApiDocument() {
        return OpenApiDocument.fromClasspath();
    }
}
