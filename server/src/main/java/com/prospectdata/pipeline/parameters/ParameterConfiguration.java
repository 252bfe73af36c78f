package com.prospectdata.pipeline.parameters;

import com.prospectdata.core.openapi.GeneratedOperations;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Puts {@link ContractArgumentResolver} ahead of Spring's own resolvers, and checks at start-up
 * that the generated operations and the document agree parameter for parameter, so that no
 * parameter is bound by anything else.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class ParameterConfiguration implements SmartInitializingSingleton {

    private final ContractParameters contract;
    private final ObjectProvider<RequestMappingHandlerMapping> mappings;

    ParameterConfiguration(ContractParameters contract,
                           @Qualifier("requestMappingHandlerMapping") ObjectProvider<RequestMappingHandlerMapping> mappings) {
        this.contract = contract;
        this.mappings = mappings;
    }

    @Bean
    static BeanPostProcessor contractArgumentsFirst(ObjectProvider<ParameterReader> reader) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof RequestMappingHandlerAdapter adapter && adapter.getArgumentResolvers() != null) {
                    List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>();
                    resolvers.add(new ContractArgumentResolver(reader.getObject()));
                    resolvers.addAll(adapter.getArgumentResolvers());
                    adapter.setArgumentResolvers(resolvers);
                }
                return bean;
            }
        };
    }

    @Override
    public void afterSingletonsInstantiated() {
        GeneratedOperations.of(mappings.getObject()).forEach((operationId, handler) -> {
            ContractParameters.Operation operation = contract.operation(operationId).orElseThrow(() ->
                    new IllegalStateException("The generated operation " + operationId + " is not in the published document"));
            Set<String> bound = new TreeSet<>();
            for (MethodParameter parameter : handler.getMethodParameters()) {
                String name = ContractArgumentResolver.wireName(parameter);
                if (name == null) {
                    throw new IllegalStateException("A parameter of " + operationId + " has no name in the document");
                }
                bound.add(name);
            }
            Set<String> declared = operation.parameters().stream().map(ParameterSpec::name)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (!bound.equals(declared)) {
                throw new IllegalStateException("The generated operation " + operationId + " binds " + bound
                        + " but the published document declares " + declared + ": rebuild the server");
            }
        });
    }
}
