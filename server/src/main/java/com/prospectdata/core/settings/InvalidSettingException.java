package com.prospectdata.core.settings;

/**
 * A setting that cannot work, found at start-up where no constraint on its record can see it (a
 * file that cannot be read, two settings that contradict each other). Its message is the one
 * line the operator reads: it names the property and says what is allowed.
 */
public class InvalidSettingException extends RuntimeException {

    public InvalidSettingException(String message) {
        super(message);
    }

    public InvalidSettingException(String message, Throwable cause) {
        super(message, cause);
    }
}
