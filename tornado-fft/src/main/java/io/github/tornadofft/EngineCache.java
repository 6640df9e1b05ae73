package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The engines of closed plans, kept for the next plan of the same descriptor, device and options: that
 * plan compiles nothing and allocates nothing.
 *
 * <p>TornadoVM keeps part of every kernel it compiles for the life of the JVM (its compiler graphs,
 * whether or not the plan frees its device memory), so a program that
 * creates and closes plans in a loop would grow without end if each plan compiled its own kernels.
 * Reusing engines bounds that growth by the number of distinct engines. An idle engine keeps its
 * device memory; the cache holds at most {@value #DEFAULT_IDLE_ENGINES} idle engines and
 * {@value #DEFAULT_IDLE_MIB} MiB of their device memory ({@link #IDLE_ENGINES_PROPERTY},
 * {@link #IDLE_MIB_PROPERTY}), and frees the least recently used beyond that, or where a new plan on
 * their device needs the memory they hold. {@link #clear()} frees every idle engine.
 */
final class EngineCache {

    /** Most idle engines kept. */
    static final String IDLE_ENGINES_PROPERTY = "tornado.fft.cache.engines";
    /** Most device memory, in MiB, the idle engines may hold together. */
    static final String IDLE_MIB_PROPERTY = "tornado.fft.cache.mib";
    static final int DEFAULT_IDLE_ENGINES = 16;
    static final int DEFAULT_IDLE_MIB = 1024;

    /** Idle engines by key, least recently used first (access order). */
    private static final LinkedHashMap<Engine.Key, ArrayDeque<Engine>> IDLE = new LinkedHashMap<>(16, 0.75f, true);
    /** Every engine not yet freed: held by a plan or idle. */
    private static final Set<Engine> LIVE = ConcurrentHashMap.newKeySet();

    private EngineCache() {
    }

    /**
     * An idle engine for {@code key}, or a new one from {@code build} (built outside the cache's lock) of
     * about {@code bytesNeeded} of device memory, on a device with {@code deviceBytes} for TornadoVM (0:
     * not known). Before building, frees the least recently used idle engines of the same device while the
     * device memory every engine there holds and the new one's would pass {@code deviceBytes}: the idle
     * engines are a cache, and a new plan must not fail for want of the memory they keep (TornadoVM
     * fails an allocation past its heap, and then fails again freeing the plan's other buffers).
     */
    static Engine lease(Engine.Key key, long bytesNeeded, long deviceBytes, Supplier<Engine> build) {
        List<Engine> evicted = new ArrayList<>();
        synchronized (EngineCache.class) {
            ArrayDeque<Engine> idle = IDLE.get(key);
            if (idle != null && !idle.isEmpty()) {
                Engine engine = idle.pop();
                if (idle.isEmpty()) {
                    IDLE.remove(key);
                }
                return engine;
            }
            if (deviceBytes > 0) {
                long held = LIVE.stream().filter(e -> e.key.device().equals(key.device()))
                        .mapToLong(Engine::deviceBytes).sum();
                Iterator<Map.Entry<Engine.Key, ArrayDeque<Engine>>> oldest = IDLE.entrySet().iterator();
                while (held + bytesNeeded > deviceBytes && oldest.hasNext()) {
                    Map.Entry<Engine.Key, ArrayDeque<Engine>> entry = oldest.next();
                    if (!entry.getKey().device().equals(key.device())) {
                        continue;
                    }
                    ArrayDeque<Engine> engines = entry.getValue();
                    while (!engines.isEmpty() && held + bytesNeeded > deviceBytes) {
                        Engine victim = engines.removeLast();
                        held -= victim.deviceBytes();
                        evicted.add(victim);
                    }
                    if (engines.isEmpty()) {
                        oldest.remove();
                    }
                }
            }
        }
        evicted.forEach(EngineCache::free);
        Engine engine = build.get();
        LIVE.add(engine);
        return engine;
    }

    /** Takes back an engine its plan no longer uses; frees it, or the least recently used, beyond the limits. */
    static void release(Engine engine) {
        // The next plan starts as a new one would: without the profiler.
        engine.profile(false);
        List<Engine> evicted = new ArrayList<>();
        synchronized (EngineCache.class) {
            IDLE.computeIfAbsent(engine.key, k -> new ArrayDeque<>()).push(engine);
            int engines = DeviceProfile.intProperty(IDLE_ENGINES_PROPERTY, DEFAULT_IDLE_ENGINES);
            long bytes = (long) DeviceProfile.intProperty(IDLE_MIB_PROPERTY, DEFAULT_IDLE_MIB) << 20;
            int count = 0;
            long held = 0;
            for (ArrayDeque<Engine> idle : IDLE.values()) {
                count += idle.size();
                for (Engine e : idle) {
                    held += e.deviceBytes();
                }
            }
            Iterator<Map.Entry<Engine.Key, ArrayDeque<Engine>>> oldest = IDLE.entrySet().iterator();
            while ((count > engines || held > bytes) && oldest.hasNext()) {
                ArrayDeque<Engine> idle = oldest.next().getValue();
                while (!idle.isEmpty() && (count > engines || held > bytes)) {
                    Engine victim = idle.removeLast();
                    count--;
                    held -= victim.deviceBytes();
                    evicted.add(victim);
                }
                if (idle.isEmpty()) {
                    oldest.remove();
                }
            }
        }
        evicted.forEach(EngineCache::free);
    }

    /** Frees an engine that cannot be reused (its plan failed, or the cache is over its limits). */
    static void free(Engine engine) {
        LIVE.remove(engine);
        engine.free();
    }

    /** Frees every idle engine; plans still open keep theirs. */
    static void clear() {
        List<Engine> all = new ArrayList<>();
        synchronized (EngineCache.class) {
            IDLE.values().forEach(all::addAll);
            IDLE.clear();
        }
        all.forEach(EngineCache::free);
    }

    /** Idle engines held now. */
    static synchronized int idleEngines() {
        return IDLE.values().stream().mapToInt(ArrayDeque::size).sum();
    }

    /** Device memory every engine not yet freed holds, in bytes. */
    static long deviceBytes() {
        long bytes = 0;
        for (Engine engine : LIVE) {
            bytes += engine.deviceBytes();
        }
        return bytes;
    }
}
