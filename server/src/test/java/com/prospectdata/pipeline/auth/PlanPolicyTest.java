package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ErrorCode;
import com.prospectdata.pipeline.Tier;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanPolicyTest {

    private static final Set<String> OPERATIONS = Set.of("listCompanies", "getCompany", "getHealth");

    @Test
    void byDefaultEveryTierHasEveryOperation() {
        PlanPolicy plans = new PlanPolicy();
        plans.validate(OPERATIONS);
        for (Tier tier : Tier.values()) {
            assertThatCode(() -> plans.requireIncluded(tier, "listCompanies")).doesNotThrowAnyException();
        }
    }

    @Test
    void aConfiguredPlanRefusesOtherOperationsNamingThePlan() {
        PlanPolicy plans = new PlanPolicy();
        plans.setPlans(Map.of("free", List.of("getCompany")));
        plans.validate(OPERATIONS);
        assertThatCode(() -> plans.requireIncluded(Tier.FREE, "getCompany")).doesNotThrowAnyException();
        assertThatCode(() -> plans.requireIncluded(Tier.PRO, "listCompanies")).doesNotThrowAnyException();
        assertThatThrownBy(() -> plans.requireIncluded(Tier.FREE, "listCompanies"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.code()).isEqualTo(ErrorCode.FORBIDDEN);
                    org.assertj.core.api.Assertions.assertThat(e.getMessage()).contains("plan (free)");
                });
    }

    @Test
    void typosInThePlanStopTheStart() {
        PlanPolicy unknownOperation = new PlanPolicy();
        unknownOperation.setPlans(Map.of("free", List.of("listCompany")));
        assertThatThrownBy(() -> unknownOperation.validate(OPERATIONS)).hasMessageContaining("listCompany");
        PlanPolicy unknownTier = new PlanPolicy();
        unknownTier.setPlans(Map.of("gold", List.of("getCompany")));
        assertThatThrownBy(() -> unknownTier.validate(OPERATIONS)).hasMessageContaining("gold");
    }
}
