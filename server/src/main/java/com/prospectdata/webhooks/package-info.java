/**
 * Webhooks: the change feed pushed to a partner's HTTPS endpoint (docs/webhooks.md). So far the
 * rules a delivery keeps: where it may go ({@code EgressPolicy}), how it is signed
 * ({@code WebhookSignature}, Standard Webhooks 1.0) and how one attempt is sent
 * ({@code DeliveryClient}).
 */
@ApplicationModule(displayName = "Webhooks", allowedDependencies = {"core :: *"})
@NullMarked
package com.prospectdata.webhooks;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
