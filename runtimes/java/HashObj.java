// HashObj.java — the digests (MessageDigest): SHA-1, SHA-2, SHA-3, and
// BLAKE2 where the provider has it (Bouncy Castle).
import java.security.MessageDigest;
import java.util.Map;

final class HashObj implements Obj {
    static final Map<String, String> NAMES = Map.of("sha1", "SHA-1", "sha256", "SHA-256", "sha512", "SHA-512",
            "sha3-256", "SHA3-256", "sha3-512", "SHA3-512", "blake2b-512", "BLAKE2B-512", "blake2s-256", "BLAKE2S-256");
    private final MessageDigest md;

    HashObj(String alg, String variant) throws Exception {
        String name = NAMES.get(alg);
        if (name == null) throw new Failure("unsupported", "no digest " + alg);
        md = Jca.get(name, variant, MessageDigest::getInstance, MessageDigest::getInstance);
    }

    public Map<String, Object> call(String op, Map<String, Object> r) {
        if (!op.equals("digest")) throw new Failure("unsupported", op + " on a digest");
        return Map.of("out", Hex.of(md.digest((byte[]) r.get("msg"))));
    }

    public Op bench(String op, int size) {
        byte[] msg = Server.random(size), out = new byte[md.getDigestLength()];
        return () -> {
            md.update(msg);
            md.digest(out, 0, out.length);
            return out[0];
        };
    }

    public String provider() { return Jca.named(md.getProvider()); }
}
