package com.prospectdata;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class TimeConfiguration {

    /** One clock for "now" everywhere (job windows, key times), replaceable in tests. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
