package com.prospectdata.operator.importer;

/** Why one line of an import file was refused. */
public record LineError(long line, String reason) {

    @Override
    public String toString() {
        return "line " + line + ": " + reason;
    }
}
