package com.prospectdata.architecture.planted.second;

import com.prospectdata.architecture.planted.first.First;
import com.prospectdata.architecture.planted.second.inner.Inner;

/** The other half of the planted cycle, and the root side of a cycle with its package {@code inner}. */
public class Second {

    public First back() {
        return new First();
    }

    public Inner down() {
        return new Inner();
    }
}
