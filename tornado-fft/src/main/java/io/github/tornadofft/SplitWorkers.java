package io.github.tornadofft;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run the chunks of plans over several devices, shared by all such plans and kept for
 * the life of the JVM: as many as the largest plan has chunks in flight.
 *
 * <p>They are never given back because TornadoVM's OpenCL backend keeps a command queue per thread
 * that has used a device, for the life of the JVM: threads made per call or per plan would leave a
 * queue behind each. Plans running at the same time share the threads; a task never waits for
 * another, so a plan whose tasks queue up behind another's only waits longer.
 */
final class SplitWorkers {

    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(1, 1, 1, TimeUnit.DAYS,
            new LinkedBlockingQueue<>(), task -> {
                Thread thread = new Thread(task, "tornado-fft-split-" + COUNT.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });

    private SplitWorkers() {
    }

    /** Makes sure {@code threads} tasks can run at once. */
    static synchronized void ensure(int threads) {
        if (POOL.getCorePoolSize() < threads) {
            POOL.setMaximumPoolSize(threads);
            POOL.setCorePoolSize(threads);
        }
    }

    /**
     * Runs the tasks on the workers and waits for all of them, through interrupts (the tasks use the
     * caller's arrays, so the call cannot return before they end; the interrupt is kept for the caller).
     */
    static void runAll(Runnable[] tasks) {
        Future<?>[] running = new Future<?>[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            running[i] = POOL.submit(tasks[i]);
        }
        boolean interrupted = false;
        for (Future<?> task : running) {
            while (true) {
                try {
                    task.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    // The tasks keep their own failures (SplitPlan); anything else is a bug to surface.
                    throw new IllegalStateException("execute: a worker failed: " + e.getCause(), e.getCause());
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
