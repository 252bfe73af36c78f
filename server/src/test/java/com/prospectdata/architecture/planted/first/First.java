package com.prospectdata.architecture.planted.first;

import com.prospectdata.architecture.planted.second.Second;

/** Half of a cycle planted for ArchitectureTest to find; nothing else uses it. */
public class First {

    public Second next() {
        return new Second();
    }
}
