package com.prospectdata.webtier;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.MockMvcBuilderCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Adds {@link DocumentValidation}, then {@link ContractInvariants}, then the recorder of
 * {@link DeclaredStatusCoverage} (so that only responses that passed both count) to the MockMvc
 * of every test with {@code @AutoConfigureMockMvc}:
 * listed in this module's
 * {@code META-INF/spring/org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc.imports},
 * which Spring Boot reads beside its own, so the check comes with the annotation rather than with
 * an import each test class would have to remember.
 */
@TestConfiguration(proxyBeanMethods = false)
public class ValidationConfiguration {

    @Bean
    MockMvcBuilderCustomizer documentValidation() {
        return builder -> builder.alwaysExpect(new DocumentValidation()).alwaysExpect(new ContractInvariants())
                .alwaysExpect(DeclaredStatusCoverage.recorder());
    }
}
