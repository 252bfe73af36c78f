package com.prospectdata.architecture.planted.second.inner;

import com.prospectdata.architecture.planted.second.Second;

/** A package below planted.second that its root class uses and that uses it back, for ArchitectureTest. */
public class Inner {

    public Second outer() {
        return new Second();
    }
}
