package com.prospectdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.core.ConditionTimeoutException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.scheduling.TaskScheduler;

/**
 * The background loops' scheduler, in a context with Spring Boot's task auto-configuration as
 * {@code serve} has it: loops that wait keep no other loop waiting, a loop that throws runs again,
 * and a loop stopped late in the context's close (as the replicas' checks are, after the web
 * server) runs until its own phase stops it.
 */
class SchedulerConfigurationTest {

    private static final Duration TURN = Duration.ofMillis(10);
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    private final ApplicationContextRunner contexts = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(TaskExecutionAutoConfiguration.class, TaskSchedulingAutoConfiguration.class))
            .withPropertyValues("spring.threads.virtual.enabled=true")
            .withUserConfiguration(SchedulerConfiguration.class);

    @Test
    void theLoopsHaveOneSchedulerAndSpringBootKeepsItsTaskExecutor() {
        contexts.run(context -> {
            assertThat(context).hasSingleBean(TaskScheduler.class);
            assertThat(context).hasBean("applicationTaskExecutor");
        });
    }

    @Test
    void loopsThatWaitKeepNoOtherLoopWaiting() {
        contexts.run(context -> {
            TaskScheduler scheduler = context.getBean(TaskScheduler.class);
            CountDownLatch release = new CountDownLatch(1);
            try {
                for (int i = 0; i < SchedulerConfiguration.WORKERS - 1; i++) {
                    scheduler.scheduleWithFixedDelay(() -> awaitQuietly(release), TURN);
                }
                AtomicInteger turns = new AtomicInteger();
                scheduler.scheduleWithFixedDelay(turns::incrementAndGet, TURN);

                await().atMost(GENEROUS).untilAsserted(() -> assertThat(turns).hasValueGreaterThanOrEqualTo(3));
            } finally {
                release.countDown();
            }
        });
    }

    @Test
    void aLoopThatThrowsRunsAgainAtItsNextTurn() {
        contexts.run(context -> {
            AtomicInteger turns = new AtomicInteger();
            context.getBean(TaskScheduler.class).scheduleWithFixedDelay(() -> {
                turns.incrementAndGet();
                throw new IllegalStateException("a loop that failed to catch its own failure");
            }, TURN);

            await().atMost(GENEROUS).untilAsserted(() -> assertThat(turns).hasValueGreaterThanOrEqualTo(2));
        });
    }

    @Test
    void aLoopRunsWhileTheContextClosesUntilItsOwnPhaseStopsIt() {
        LateLoop[] loop = new LateLoop[1];
        contexts.withBean(LateLoop.class).run(context -> loop[0] = context.getBean(LateLoop.class));

        assertThat(loop[0].ranWhileClosing).as("a turn after the context began to close, before the loop's phase").isTrue();
        assertThat(loop[0].isRunning()).isFalse();
    }

    private static void awaitQuietly(CountDownLatch release) {
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A loop stopped in a late phase of the close, as ReadReplicas' checks are. */
    static final class LateLoop implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

        private final TaskScheduler scheduler;
        private final AtomicInteger turns = new AtomicInteger();
        private volatile int turnsAtClose;
        private volatile boolean ranWhileClosing;
        private volatile @Nullable ScheduledFuture<?> loop;

        LateLoop(TaskScheduler scheduler) {
            this.scheduler = scheduler;
        }

        @Override
        public void onApplicationEvent(ContextClosedEvent event) {
            turnsAtClose = turns.get();
        }

        @Override
        public void start() {
            loop = scheduler.scheduleWithFixedDelay(turns::incrementAndGet, TURN);
        }

        @Override
        public void stop() {
            try {
                await().atMost(GENEROUS).until(() -> turns.get() > turnsAtClose);
                ranWhileClosing = true;
            } catch (ConditionTimeoutException e) {
                ranWhileClosing = false;
            }
            ScheduledFuture<?> running = loop;
            if (running != null) {
                running.cancel(true);
            }
            loop = null;
        }

        @Override
        public boolean isRunning() {
            return loop != null;
        }

        @Override
        public int getPhase() {
            return SmartLifecycle.DEFAULT_PHASE - 4096;
        }
    }
}
