package com.prospectdata.pipeline.auth;

import com.prospectdata.pipeline.Tier;
import com.prospectdata.core.settings.InvalidSettingException;
import com.prospectdata.core.errors.ApiException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which operations each plan includes: {@code app.plans.<tier>=operationId,...} with the
 * operationIds of api/openapi.yaml. A tier that is not configured includes every operation,
 * which is the default for all of them.
 */
@ConfigurationProperties("app")
class PlanPolicy {

    /**
     * The operations (operationIds) each tier includes, e.g. {@code app.plans.free=getCompany,listCompanies};
     * a tier not listed includes every operation.
     */
    private Map<String, List<String>> plans = Map.of();

    public Map<String, List<String>> getPlans() {
        return plans;
    }

    public void setPlans(Map<String, List<String>> plans) {
        this.plans = plans;
    }

    /** Refuses plans naming a tier or an operation that does not exist, at start-up. */
    void validate(Set<String> operationIds) {
        plans.forEach((tier, operations) -> {
            try {
                Tier.fromWireName(tier.toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidSettingException("app.plans." + tier + " is not allowed: the tiers are free, pro and enterprise", e);
            }
            Set<String> unknown = new TreeSet<>(operations);
            unknown.removeAll(operationIds);
            if (!unknown.isEmpty()) {
                throw new InvalidSettingException("app.plans." + tier + "=" + String.join(",", operations)
                        + " is not allowed: " + unknown + " are not operations; the operations are " + new TreeSet<>(operationIds));
            }
        });
    }

    public void requireIncluded(Tier tier, String operationId) {
        List<String> included = plans.get(tier.wireName());
        if (included != null && !included.contains(operationId)) {
            throw ApiException.forbidden("Your plan (" + tier.wireName() + ") does not include the operation "
                    + operationId + ". Contact your account manager to upgrade.");
        }
    }
}
