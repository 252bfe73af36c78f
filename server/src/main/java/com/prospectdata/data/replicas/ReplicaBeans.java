package com.prospectdata.data.replicas;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

/** {@link ReadReplicas} for a context that scans no components (the operator commands', which read the primary). */
@Import(ReadReplicas.class)
@EnableConfigurationProperties(ReplicaProperties.class)
public class ReplicaBeans {
}
