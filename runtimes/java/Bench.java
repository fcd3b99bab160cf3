// Bench.java — the timed loop, inside the JVM, with no IPC per call: one
// bench request is one sample of iters calls (or of a call that does
// nothing: the overhead loop). Collections that ended during a sample are
// counted with their time.
//
// The JIT warm-up, before the first sample of a (variant, algorithm,
// operation, size): batches of calls of about 10 ms run until
//  - at least 20,000 calls have run (past HotSpot's tier-4 thresholds,
//    Tier4InvocationThreshold 5,000 and Tier4CompileThreshold 15,000, so a
//    method a call runs once has reached C2), or 1 s (a call slower than
//    50 µs spends its time in methods it runs many times, compiled long
//    before), and
//  - the last three batches agree within 3 % (max/min of their per-call
//    times) with no JIT compilation finished during them,
// or until 5 s have passed. The server runs with -Xbatch (the wrapper:
// runtimes/java/build.cmake), so a method that reaches a threshold is
// compiled before the loop goes on, never left queued behind a loaded
// host's other work while the batches look steady. At a further size of an
// operation whose warm-up ended steady in this JVM, the code the JIT
// compiled is the code that runs: only the check (b) runs, at most 1 s, and
// the replies name the size that was warmed up (warmup_from). The time it
// took and whether it became steady are on every reply of that bench.
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Bench {
    static final String CRITERION = "10 ms batches until 20000 calls (or 1 s) have run and 3 batches in a row agree "
            + "within 3% with no JIT compilation during them (-Xbatch), at most 5 s; at a further size of an "
            + "operation warmed up steady, only the 3 batches, at most 1 s";
    private static final long MIN_CALLS = 20_000, MIN_NS = 1_000_000_000L, MAX_NS = 5_000_000_000L,
            CHECK_MAX_NS = 1_000_000_000L;
    // (variant/algorithm/operation) -> the size its warm-up ended steady at, in this JVM
    private static final Map<String, Integer> WARMED = new HashMap<>();
    private static final List<GarbageCollectorMXBean> GCS = ManagementFactory.getGarbageCollectorMXBeans();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
    // The CPU clock of the thread that runs the loop, in ns (CLOCK_THREAD_CPUTIME_ID).
    // The process's (OperatingSystemMXBean.getProcessCpuTime) ticks in 10 ms on Linux:
    // 179 of 200 samples of 1 ms read 0 on JDK 17, and a record's whole CPU time could be 0.
    private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();
    private static final Obj.Op NOTHING = () -> 0;
    static int sink; // every result goes here: the JIT cannot drop the work

    final Obj.Op op;
    final long warmupNs;
    final boolean steady;
    final Integer warmedAt; // the size of the warm-up this one reused, or null

    /** op of `what` (variant/algorithm/operation) at size, warmed up (or checked) until steady. */
    Bench(Obj.Op op, String what, int size) throws Exception {
        this.op = op;
        warmedAt = WARMED.get(what);
        long max = warmedAt == null ? MAX_NS : CHECK_MAX_NS;
        long start = System.nanoTime();
        long n = 1, calls = 0;
        for (; loop(op, n) < 10_000_000L && n < 1L << 30; n *= 2) calls += n;
        double[] per = new double[3];
        long[] jitBefore = new long[3]; // the JIT's compilation ms before each of the last 3 batches
        boolean ok = false;
        for (int k = 0; !ok && System.nanoTime() - start < max; k++) {
            jitBefore[k % 3] = jitMs();
            per[k % 3] = (double) loop(op, n) / n;
            calls += n;
            boolean enough = warmedAt != null || calls >= MIN_CALLS || System.nanoTime() - start >= MIN_NS;
            ok = k >= 2 && enough && jitMs() == jitBefore[(k + 1) % 3] && max(per) <= 1.03 * min(per);
        }
        warmupNs = System.nanoTime() - start;
        steady = ok;
        if (ok && warmedAt == null) WARMED.put(what, size);
    }

    private static long jitMs() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    private static double max(double[] a) { return Math.max(a[0], Math.max(a[1], a[2])); }

    private static double min(double[] a) { return Math.min(a[0], Math.min(a[1], a[2])); }

    /** n calls of op: wall ns. */
    static long loop(Obj.Op op, long n) throws Exception {
        int s = 0;
        long t0 = System.nanoTime();
        for (long i = 0; i < n; i++) s += op.run();
        long t = System.nanoTime() - t0;
        sink += s;
        return t;
    }

    /** One sample: iters calls of op (or of nothing), timed here. */
    Map<String, Object> sample(long iters, boolean overhead) throws Exception {
        long gc0 = collections(), pause0 = pauseMs();
        long[] ticks0 = ticks();
        long cpu0 = THREAD.getCurrentThreadCpuTime();
        long wall = loop(overhead ? NOTHING : op, iters);
        long cpu = THREAD.getCurrentThreadCpuTime() - cpu0;
        long[] ticks1 = ticks();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("wall_ns", wall);
        r.put("cpu_ns", cpu);
        r.put("user_ns", (ticks1[0] - ticks0[0]) * 10_000_000L);
        r.put("sys_ns", (ticks1[1] - ticks0[1]) * 10_000_000L);
        r.put("gc", collections() - gc0);
        r.put("gc_pause_ns", (pauseMs() - pause0) * 1_000_000L);
        r.put("warmup_ns", warmupNs);
        r.put("warmup_steady", steady);
        if (warmedAt != null) r.put("warmup_from", warmedAt);
        return r;
    }

    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean g : GCS) n += Math.max(0, g.getCollectionCount());
        return n;
    }

    private static long pauseMs() {
        long n = 0;
        for (GarbageCollectorMXBean g : GCS) n += Math.max(0, g.getCollectionTime());
        return n;
    }

    /** The process's user and system CPU time in clock ticks of 10 ms (/proc/self/stat: utime, stime). */
    private static long[] ticks() {
        try {
            String stat = new String(Files.readAllBytes(Paths.get("/proc/self/stat")));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
        } catch (Exception e) {
            return new long[] {0, 0};
        }
    }
}
