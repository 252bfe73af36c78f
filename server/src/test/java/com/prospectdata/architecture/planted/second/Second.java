package com.prospectdata.architecture.planted.second;

import com.prospectdata.architecture.planted.first.First;

/** The other half of the planted cycle. */
public class Second {

    public First back() {
        return new First();
    }
}
