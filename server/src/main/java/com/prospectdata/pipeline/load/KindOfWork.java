package com.prospectdata.pipeline.load;

import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.core.openapi.OperationTraits.HeavyWhen;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import com.prospectdata.pipeline.RequestContext;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Optional;

/**
 * How much work a request asks for, from its operation's traits and the raw values of the
 * parameters they name (before any parameter is read strictly): heavy when one of its
 * {@code x-heavy-when} conditions holds, its {@code x-work-kind} otherwise. A path that names
 * no operation is light: it is answered 404 without a query.
 */
final class KindOfWork {

    private KindOfWork() {
    }

    static WorkKind of(HttpServletRequest request, int deepOffset) {
        Optional<ApiOperation> operation = RequestContext.of(request).operation();
        if (operation.isEmpty()) {
            return WorkKind.LIGHT;
        }
        for (Map.Entry<String, HeavyWhen> condition : operation.get().traits().heavyWhen().entrySet()) {
            String value = request.getParameter(condition.getKey());
            boolean holds = switch (condition.getValue()) {
                case NON_BLANK -> value != null && !value.isBlank();
                case DEEP -> isDeep(value, deepOffset);
            };
            if (holds) {
                return WorkKind.HEAVY;
            }
        }
        return operation.get().traits().workKind();
    }

    /** A value that is not plain ASCII digits is left for the parameter check to refuse: not deep. */
    private static boolean isDeep(String offset, int deepOffset) {
        if (offset == null || offset.isEmpty() || !offset.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        // More digits than a long holds is deeper than any bound.
        return offset.length() > 18 || Long.parseLong(offset) >= deepOffset;
    }
}
