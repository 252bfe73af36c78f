package com.prospectdata.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

class SettingsCheckTest {

    @Test
    void theBuildsListOfSettingsRecordsIsEveryRecordTheClassesDeclare() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
        List<String> declared = new ArrayList<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents("com.prospectdata")) {
            declared.add(candidate.getBeanClassName());
        }

        assertThat(SettingsCheck.settingsTypes()).extracting(Class::getName).containsExactlyInAnyOrderElementsOf(declared)
                .isNotEmpty();
    }

    @Test
    void springsOwnSettingsAreTypedFromTheirMetadata() {
        var types = SpringSettingsCheck.documentedTypes();

        assertThat(types).containsEntry("server.port", Integer.class)
                .containsEntry("management.server.port", Integer.class)
                .containsEntry("spring.lifecycle.timeout-per-shutdown-phase", java.time.Duration.class)
                .containsEntry("spring.threads.virtual.enabled", Boolean.class);
    }
}
