package com.prospectdata.operator.importer;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A Spring context without web server on an embedded PostgreSQL of its own under target/, shared
 * (Spring caches it) by every test class that carries this annotation.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"app.data-dir=target/test-data/importer", "logging.level.root=WARN",
                // Throw-away data: no need to wait for the disk at every commit.
                "app.embedded-postgres.durable=false"})
public @interface DatabaseTest {
}
