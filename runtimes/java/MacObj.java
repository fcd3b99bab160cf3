// MacObj.java — HMAC-SHA-256 (javax.crypto.Mac): "mac" on a key set up
// once, "mac-newkey" keys the Mac anew for each message.
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

final class MacObj implements Obj {
    private final Mac mac;

    MacObj(String alg, String variant, byte[] key) throws Exception {
        if (!alg.equals("hmac-sha256")) throw new Failure("unsupported", "no MAC " + alg);
        mac = Jca.get("HmacSHA256", variant, Mac::getInstance, Mac::getInstance);
        mac.init(key(key));
    }

    /** The key: SecretKeySpec refuses an empty one, which HMAC allows. */
    private static SecretKey key(byte[] raw) {
        if (raw.length > 0) return new SecretKeySpec(raw, "HmacSHA256");
        return new SecretKey() {
            private static final long serialVersionUID = 1L;
            public String getAlgorithm() { return "HmacSHA256"; }
            public String getFormat() { return "RAW"; }
            public byte[] getEncoded() { return new byte[0]; }
        };
    }

    public Map<String, Object> call(String op, Map<String, Object> r) {
        if (!op.equals("mac")) throw new Failure("unsupported", op + " on a MAC");
        return Map.of("out", Hex.of(mac.doFinal((byte[]) r.get("msg"))));
    }

    public Op bench(String op, int size) throws Exception {
        byte[] msg = Server.random(size), out = new byte[mac.getMacLength()];
        SecretKey other = key(Server.random(32));
        boolean newKey = op.equals("mac-newkey");
        return () -> {
            if (newKey) mac.init(other);
            mac.update(msg);
            mac.doFinal(out, 0);
            return out[0];
        };
    }

    public String provider() { return Jca.named(mac.getProvider()); }
}
