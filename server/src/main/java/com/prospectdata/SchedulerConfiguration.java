package com.prospectdata;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

@Configuration(proxyBeanMethods = false)
public class SchedulerConfiguration {

    /** More workers than there are loops: one that waits (on a slow statement, say) keeps no other waiting. */
    static final int WORKERS = 8;

    /**
     * The one scheduler of the background loops (the data versions' poll, the change feed's
     * retention, the replicas' checks, the embedded PostgreSQL's watch, the database's check
     * during an outage), each run with a fixed delay, scheduled and cancelled by its own bean.
     *
     * <p>Made here, not left to Spring Boot: Boot makes a scheduler only with
     * {@code @EnableScheduling}, and then runs every fixed-delay task on one thread, where a slow
     * task holds up the others. The workers are virtual threads: one that waits on the database
     * holds no platform thread, and the interrupt that cancels a loop ends its wait on a socket.
     * Tasks are still accepted once the context starts to close: each loop stops in its own
     * lifecycle phase, some only after the web server; whatever still runs is interrupted when
     * the context is destroyed. A task that throws is logged, and runs again at its next turn
     * (Spring's handler for repeated tasks).
     *
     * <p>Declared as the {@link TaskScheduler} the loops take rather than as the {@code Executor}
     * it also is: Spring Boot makes its {@code applicationTaskExecutor} only while no
     * {@code Executor} bean is declared, and {@code serve} keeps it.
     */
    @Bean
    TaskScheduler backgroundScheduler() {
        ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(WORKERS);
        scheduler.setVirtualThreads(true);
        scheduler.setThreadNamePrefix("background-");
        scheduler.setAcceptTasksAfterContextClose(true);
        scheduler.setRemoveOnCancelPolicy(true);
        return scheduler;
    }
}
