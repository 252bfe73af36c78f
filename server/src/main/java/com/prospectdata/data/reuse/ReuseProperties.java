package com.prospectdata.data.reuse;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DataSizeUnit;
import org.springframework.util.unit.DataSize;
import org.springframework.util.unit.DataUnit;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.reuse.*}: answers kept while the caller's organization's data version holds
 * (docs/api-rules.md §1, "Validators and freshness").
 *
 * @param enabled {@code false} runs every list's queries on every request: for benchmarks that
 *        price the request path itself, or to rule the reuse out while looking into a problem
 * @param maxSize what the kept pages and totals may take of the heap, estimated from their
 *        contents; the least used go first when it is reached
 */
@ConfigurationProperties("app.reuse")
@Validated
record ReuseProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("64MB") @DataSizeUnit(DataUnit.MEGABYTES) @NotNull DataSize maxSize) {

    @AssertTrue(message = "app.reuse.max-size must be between 1MB and 1GB")
    public boolean isMaxSizeWithinBounds() {
        return maxSize == null
                || (maxSize.compareTo(DataSize.ofMegabytes(1)) >= 0 && maxSize.compareTo(DataSize.ofGigabytes(1)) <= 0);
    }
}
