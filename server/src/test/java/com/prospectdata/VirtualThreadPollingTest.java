package com.prospectdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The poller mode is checked in a JVM of its own: the JDK reads it once, when the first virtual
 * thread waits on a socket, which in this JVM other tests may already have done.
 */
class VirtualThreadPollingTest {

    @Test
    void theJdkWaitsForVirtualThreadsSocketsOnPlatformThreads() throws Exception {
        assertThat(pollersOfAJvm()).as("platform threads of a JVM in which main's choice ran")
                .contains("Read-Poller").doesNotContain("MasterPoller");
    }

    @Test
    void anOperatorsChoiceOnTheCommandLineStands() throws Exception {
        assertThat(pollersOfAJvm("-D" + VirtualThreadPolling.POLLER_MODE + "=2"))
                .as("platform threads with the JDK's default mode chosen").contains("MasterPoller")
                .doesNotContain("Read-Poller");
    }

    /** The names of the JDK's platform poller threads once a virtual thread has waited on a socket. */
    private static List<String> pollersOfAJvm(String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path")));
        command.addAll(List.of(options));
        command.add(WaitOnASocket.class.getName());
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(jvm.exitValue()).as(out).isZero();
        return out.lines().filter(line -> line.contains("Poller")).toList();
    }

    /** Applies main's choice, has a virtual thread wait on a socket, and prints the platform threads' names. */
    static final class WaitOnASocket {
        public static void main(String[] args) throws IOException, InterruptedException {
            VirtualThreadPolling.apply();
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                 Socket client = new Socket(server.getInetAddress(), server.getLocalPort());
                 Socket accepted = server.accept()) {
                Thread reader = Thread.ofVirtual().start(() -> {
                    try (InputStream in = client.getInputStream()) {
                        in.read();
                    } catch (IOException closed) {
                        // the byte below arrives first; a closed socket ends the read as well
                    }
                });
                Thread.sleep(200);
                Thread.getAllStackTraces().keySet().forEach(thread -> System.out.println(thread.getName()));
                accepted.getOutputStream().write(1);
                reader.join();
            }
        }
    }
}
