package com.prospectdata.core.openapi;

/** One operation of the document: its id, its path template and its traits. */
public record ApiOperation(String operationId, String pathTemplate, OperationTraits traits) {
}
