package com.prospectdata.operator.importer;

import org.springframework.context.annotation.Import;

/** The importer's beans, for a context that scans no components (the operator commands'). */
@Import({Importer.class, ExistingRows.class, RecordsLoaded.class})
public class ImporterBeans {
}
