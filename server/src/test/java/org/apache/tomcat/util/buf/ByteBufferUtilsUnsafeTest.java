package org.apache.tomcat.util.buf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The server's ByteBufferUtilsUnsafe is the one Tomcat's ByteBufferUtils calls, not Tomcat's own. */
class ByteBufferUtilsUnsafeTest {

    @Test
    void tomcatGrowsADirectBufferThroughTheServersClassWhichLeavesTheOldOneToTheJdk() {
        assertThat(ByteBufferUtilsUnsafe.class.getProtectionDomain().getCodeSource().getLocation().toString())
                .as("loaded from the server's classes").doesNotContain("tomcat-embed-core");
        ByteBuffer old = ByteBuffer.allocateDirect(8).put((byte) 7);

        ByteBuffer grown = ByteBufferUtils.expand(old, 16);

        assertThat(grown.isDirect()).isTrue();
        assertThat(grown.capacity()).isEqualTo(16);
        assertThat(grown.get(0)).isEqualTo((byte) 7);
        assertThat(old.get(0)).as("still readable: its memory was not freed under it").isEqualTo((byte) 7);
    }
}
