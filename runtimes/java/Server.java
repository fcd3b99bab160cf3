// Server.java — cryptometer's Java runtime server (docs/runtimes.md): the
// runtime child protocol on standard input and output, one JSON object a
// line each way (the messages: runtimes/go/main.go). Two variants of every
// row: "jca", the JDK's own providers, and "bouncycastle", Bouncy Castle's
// provider from the jar pinned in bcprov.lock (Jca.java).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

final class Server {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String[] HEX = {"key", "nonce", "aad", "msg", "tag", "peer", "iv", "label"};
    private final Map<Long, Obj> objects = new HashMap<>();
    private final Map<String, Bench> benches = new HashMap<>();
    private long next = 1;

    static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /** The key length of a row's random key: AES-128's, else 32 bytes. */
    static int keyLength(String alg) {
        return alg.startsWith("aes-128-") ? 16 : 32;
    }

    /** A new object of a row (rows.json) on key. */
    static Obj make(String alg, String variant, byte[] key) throws Exception {
        switch (alg) {
            case "aes-128-gcm": case "aes-256-gcm": case "chacha20-poly1305": return new AeadObj(alg, variant, key);
            case "hmac-sha256": return new MacObj(alg, variant, key);
            case "ed25519": case "ecdsa-p256-sha256": case "rsa-2048-pss-sha256": return new SignerObj(alg, variant);
            case "aes-128-cbc": case "aes-256-cbc": case "aes-128-ctr": case "aes-256-ctr": return new CipherObj(alg, variant, key);
            case "rsa-2048-oaep-sha256": return new PkeObj(alg, variant);
            case "x25519": case "ecdh-p256": return new KexObj(alg, variant);
            default: return new HashObj(alg, variant);
        }
    }

    private static String text(Map<String, Object> r, String key) {
        Object v = r.get(key);
        return v == null ? "" : v.toString();
    }

    private Map<String, Object> bench(Map<String, Object> r) throws Exception {
        String alg = text(r, "algorithm"), variant = text(r, "variant"), op = text(r, "operation");
        int size = ((Number) r.get("size")).intValue();
        String key = variant + "/" + alg + "/" + op + "/" + size;
        Bench b = benches.get(key);
        if (b == null) {
            b = new Bench(make(alg, variant, random(keyLength(alg))).bench(op, size),
                    variant + "/" + alg + "/" + op, size);
            benches.put(key, b);
        }
        return b.sample(((Number) r.get("iters")).longValue(), Boolean.TRUE.equals(r.get("overhead")));
    }

    private Map<String, Object> serve(Map<String, Object> r) throws Exception {
        String op = text(r, "op");
        if (op.equals("hello")) return Hello.hello();
        for (String k : HEX) if (r.get(k) instanceof String) r.put(k, Hex.bytes((String) r.get(k)));
        switch (op) {
            case "create":
                objects.put(next, make(text(r, "algorithm"), text(r, "variant"),
                        r.get("key") instanceof byte[] ? (byte[]) r.get("key") : new byte[0]));
                return Map.of("h", next++);
            case "bench": return bench(r);
            case "destroy": objects.remove(((Number) r.get("h")).longValue()); return Map.of();
            default:
                Obj o = r.get("h") instanceof Number ? objects.get(((Number) r.get("h")).longValue()) : null;
                if (o == null) throw new Failure("invalid", "no object " + r.get("h"));
                return o.call(op, r);
        }
    }

    /** One reply: {"ok":true,...}, or {"ok":false,"err":KIND,"why":...}. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> reply(String line) {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            Object req = Json.parse(line);
            if (!(req instanceof Map)) throw new Failure("invalid", "a request is a JSON object");
            out.put("ok", true);
            out.putAll(serve((Map<String, Object>) req));
        } catch (Failure f) {
            out = Map.of("ok", false, "err", f.kind, "why", String.valueOf(f.getMessage()));
        } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
            out = Map.of("ok", false, "err", "invalid", "why", e.toString());
        } catch (Exception | LinkageError e) {
            out = Map.of("ok", false, "err", "library", "why", e.toString());
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        Server s = new Server();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8");
        System.setOut(System.err); // only replies go to standard output
        for (String line; (line = in.readLine()) != null;) {
            if (line.isBlank()) continue;
            out.print(Json.write(s.reply(line)));
            out.print('\n');
            out.flush();
        }
    }
}
