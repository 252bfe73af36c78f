/**
 * The early check of every settings record and the failure a setting no annotation can check
 * raises.
 */
@NamedInterface("settings")
@NullMarked
package com.prospectdata.core.settings;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
