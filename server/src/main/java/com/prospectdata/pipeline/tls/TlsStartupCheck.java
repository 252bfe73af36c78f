package com.prospectdata.pipeline.tls;

import com.prospectdata.core.settings.InvalidSettingException;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.servlet.ConfigurableServletWebServerFactory;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Stops start-up, before the web server is built, when {@link TlsEnvironmentPostProcessor}
 * could not set HTTPS up: the server never listens without the TLS it was configured for. (A
 * value of {@link TlsProperties} that does not convert has stopped start-up earlier, in
 * settings/SettingsCheck.)
 */
@Component
@ConditionalOnWebApplication
class TlsStartupCheck implements WebServerFactoryCustomizer<ConfigurableServletWebServerFactory> {

    private final Environment environment;

    TlsStartupCheck(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void customize(ConfigurableServletWebServerFactory factory) {
        String failure = environment.getProperty(TlsEnvironmentPostProcessor.FAILURE_PROPERTY);
        if (failure != null) {
            throw new InvalidSettingException(failure);
        }
    }
}
