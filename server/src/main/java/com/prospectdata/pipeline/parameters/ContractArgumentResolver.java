package com.prospectdata.pipeline.parameters;

import com.prospectdata.core.openapi.GeneratedOperations;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Hands the generated operations' parameters to the delegates from {@link ParameterReader}'s
 * strict reading, in place of Spring's own binding, which trims, accepts hexadecimal and other
 * notations, takes empty values as absent and a repeated parameter by its first value.
 *
 * <p>It runs as the handler is invoked, after the filters and interceptors, so the contract's
 * order holds: authentication, rate limit, scope and plan come before any parameter is read.
 */
final class ContractArgumentResolver implements HandlerMethodArgumentResolver {

    private final ParameterReader reader;

    ContractArgumentResolver(ParameterReader reader) {
        this.reader = reader;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getMethod() != null && GeneratedOperations.operationId(parameter.getMethod()).isPresent()
                && wireName(parameter) != null;
    }

    /** The parameter's name in the document, from the generated binding annotation; null when it has none. */
    static String wireName(MethodParameter parameter) {
        RequestParam query = parameter.getParameterAnnotation(RequestParam.class);
        if (query != null) {
            return query.value().isEmpty() ? query.name() : query.value();
        }
        PathVariable path = parameter.getParameterAnnotation(PathVariable.class);
        if (path != null) {
            return path.value().isEmpty() ? path.name() : path.value();
        }
        return null;
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                  NativeWebRequest webRequest, WebDataBinderFactory binderFactory) throws Exception {
        HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
        ReadParameters read = reader.read(request, GeneratedOperations.operationId(parameter.getMethod()).orElseThrow());
        Object value = read.value(wireName(parameter));
        if (value == null) {
            return null;
        }
        // The value is already typed by its schema; only the generated enums and lists of them
        // remain to be converted, by the generator's own converters.
        WebDataBinder binder = binderFactory.createBinder(webRequest, null, wireName(parameter));
        return binder.convertIfNecessary(value, parameter.getParameterType(), parameter);
    }
}
