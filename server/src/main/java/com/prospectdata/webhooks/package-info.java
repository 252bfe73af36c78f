/**
 * Webhooks: the change feed pushed to a partner's HTTPS endpoint (docs/webhooks.md). So far the
 * two rules a delivery must follow before anything is sent: where it may go ({@code EgressPolicy})
 * and how it is signed ({@code WebhookSignature}, Standard Webhooks 1.0).
 */
@ApplicationModule(displayName = "Webhooks", allowedDependencies = {"core :: *"})
@NullMarked
package com.prospectdata.webhooks;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
