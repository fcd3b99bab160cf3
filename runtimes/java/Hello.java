// Hello.java — the server's hello: its rows (rows.json, packed in its jar),
// each available or not with the reason (the provider has no such
// algorithm, or Bouncy Castle's jar is absent), the JDK's version, and the
// details on the record: the VM, its flags, collectors and JIT, the AES,
// GHASH and SHA intrinsics the VM chose on this CPU, the provider serving
// each row, Bouncy Castle's version and the SHA-256 of its jar.
import java.io.InputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Hello {
    private static final String[] INTRINSICS = {"UseAES", "UseAESIntrinsics", "UseAESCTRIntrinsics",
        "UseGHASHIntrinsics", "UseChaCha20Intrinsics", "UsePoly1305Intrinsics", "UseSHA1Intrinsics",
        "UseSHA256Intrinsics", "UseSHA512Intrinsics", "UseSHA3Intrinsics"};

    private Hello() {}

    @SuppressWarnings("unchecked")
    static List<Object> rows() throws Exception {
        try (InputStream in = Hello.class.getResourceAsStream("/rows.json")) {
            return (List<Object>) Json.parse(new String(in.readAllBytes(), "UTF-8"));
        }
    }

    /** Whether the row's provider serves it: null, or why not. Fills providers. */
    private static String probe(String alg, String variant, Map<String, Object> providers) {
        try {
            Obj o = Server.make(alg, variant, Server.random(Server.keyLength(alg)));
            o.bench(o instanceof AeadObj ? "seal" : o instanceof MacObj ? "mac" : o instanceof HashObj ? "digest" : o instanceof SignerObj ? "verify" : o instanceof KexObj ? "derive" : "encrypt", 16).run();
            providers.put(variant + "/" + alg, o.provider());
            return null;
        } catch (Failure f) {
            return f.getMessage();
        } catch (Exception | LinkageError e) {
            return variant + " has no " + alg + " here: " + e;
        }
    }

    private static Map<String, Object> intrinsics() {
        Map<String, Object> m = new LinkedHashMap<>();
        try {
            com.sun.management.HotSpotDiagnosticMXBean hs =
                    ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            for (String flag : INTRINSICS) {
                try {
                    m.put(flag, Boolean.valueOf(hs.getVMOption(flag).getValue()));
                } catch (IllegalArgumentException absent) {
                    // this VM has no such flag
                }
            }
        } catch (RuntimeException | LinkageError e) {
            m.put("unknown", e.toString());
        }
        return m;
    }

    private static Map<String, Object> bouncyCastle() {
        Map<String, Object> m = new LinkedHashMap<>();
        Provider bc = Jca.bouncyCastle();
        if (bc == null) {
            m.put("absent", Jca.bcWhy());
            return m;
        }
        m.put("provider", Jca.named(bc));
        try {
            String jar = Paths.get(bc.getClass().getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
            byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(Paths.get(jar)));
            m.put("jar", jar);
            m.put("jar_sha256", Hex.of(d));
        } catch (Exception e) {
            m.put("jar", "unknown: " + e);
        }
        return m;
    }

    private static Map<String, Object> details(Map<String, Object> providers) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("runtime", "java");
        d.put("runtime_version", System.getProperty("java.runtime.version"));
        d.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        d.put("vendor", System.getProperty("java.vm.vendor"));
        d.put("java_home", System.getProperty("java.home"));
        d.put("vm_flags", ManagementFactory.getRuntimeMXBean().getInputArguments());
        List<Object> gcs = new ArrayList<>();
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) gcs.add(g.getName());
        d.put("collectors", gcs);
        d.put("jit", ManagementFactory.getCompilationMXBean() == null ? "none" : ManagementFactory.getCompilationMXBean().getName());
        d.put("processors", Runtime.getRuntime().availableProcessors());
        d.put("intrinsics", intrinsics());
        d.put("providers", providers);
        d.put("bouncycastle", bouncyCastle());
        d.put("warmup_criterion", Bench.CRITERION);
        return d;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> hello() throws Exception {
        Map<String, Object> providers = new LinkedHashMap<>();
        List<Object> impls = new ArrayList<>();
        for (Object o : rows()) {
            Map<String, Object> row = new LinkedHashMap<>((Map<String, Object>) o);
            String why = probe((String) row.get("algorithm"), (String) row.get("variant"), providers);
            row.put("available", why == null);
            if (why != null) row.put("reason", why);
            impls.add(row);
        }
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("type", "hello");
        h.put("backend", "java");
        h.put("version", System.getProperty("java.version"));
        h.put("impls", impls);
        h.put("details", details(providers));
        return h;
    }
}
