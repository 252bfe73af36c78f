package com.prospectdata.contract.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Set;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;

/**
 * A test class that runs beside the others (junit-platform.properties): it works on processes,
 * keys or a database of its own, and spends most of its time waiting for them, so the classes that
 * share the contract server go on meanwhile. Its own methods still run one after the other, in
 * their order: the class holds a lock named after itself, and JUnit runs the methods of a class
 * that holds a lock in the class's thread.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(providers = RunsBesideOthers.OwnLock.class)
public @interface RunsBesideOthers {

    /** The lock of the class itself, which no other class asks for. */
    final class OwnLock implements ResourceLocksProvider {
        @Override
        public Set<Lock> provideForClass(Class<?> testClass) {
            return Set.of(new Lock("runs-beside-others:" + testClass.getName()));
        }
    }
}
