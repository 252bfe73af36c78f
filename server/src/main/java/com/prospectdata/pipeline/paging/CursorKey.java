package com.prospectdata.pipeline.paging;

import static com.prospectdata.generated.jooq.Tables.CURSOR_KEY;

import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The secret that authenticates cursors, made once by the database (migration V6) and shared by
 * every instance: read as the server starts, so that no page waits for it, then kept. A database
 * that could not be reached then is asked again by the first cursor this process issues or reads,
 * which fails like any other read (503) while it stays unreachable.
 */
@Component
class CursorKey {

    private static final Logger log = LoggerFactory.getLogger(CursorKey.class);

    private final DSLContext db;
    private volatile byte @Nullable [] secret;

    CursorKey(DSLContext db) {
        this.db = db;
    }

    @EventListener(ApplicationReadyEvent.class)
    void readAtStartUp(ApplicationReadyEvent started) {
        if (!(started.getApplicationContext() instanceof WebServerApplicationContext)) {
            return; // an operator command: it issues and reads no cursor
        }
        try {
            secret();
        } catch (RuntimeException unreachable) {
            log.info("The cursor key could not be read at start-up; the first cursor will read it: {}", unreachable.toString());
        }
    }

    byte[] secret() {
        byte[] known = secret;
        if (known == null) {
            known = db.select(CURSOR_KEY.SECRET).from(CURSOR_KEY).where(CURSOR_KEY.ID.eq((short) 1)).fetchSingle().value1();
            secret = known;
        }
        return known;
    }
}
