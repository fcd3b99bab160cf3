// AeadObj.java — AES-GCM ("AES/GCM/NoPadding": any nonce length, a tag of
// 12 to 16 bytes) and ChaCha20-Poly1305 (12-byte nonce, 16-byte tag).
// The JDK's providers refuse to initialise a Cipher twice in a row with one
// key and nonce (JDK 17's ChaCha20-Poly1305 even to decrypt), so a call uses
// a new Cipher, the timed seal counts its nonce up (a new nonce per message,
// as a program must) and the timed open alternates two messages.
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

final class AeadObj implements Obj {
    private static final Map<String, Integer> KEY = Map.of("aes-128-gcm", 16, "aes-256-gcm", 32, "chacha20-poly1305", 32);
    private final boolean gcm;
    private final String variant, transformation;
    private final SecretKey key;
    private final Cipher cipher;

    AeadObj(String alg, String variant, byte[] key) throws Exception {
        Integer want = KEY.get(alg);
        if (want == null) throw new Failure("unsupported", "no AEAD " + alg);
        if (key.length != want) throw new Failure("invalid", "a key of " + key.length + " bytes");
        gcm = alg.startsWith("aes");
        this.variant = variant;
        transformation = gcm ? "AES/GCM/NoPadding" : "ChaCha20-Poly1305";
        this.key = new SecretKeySpec(key, gcm ? "AES" : "ChaCha20");
        cipher = newCipher();
    }

    private Cipher newCipher() throws GeneralSecurityException {
        return Jca.get(transformation, variant, Cipher::getInstance, Cipher::getInstance);
    }

    private AlgorithmParameterSpec spec(byte[] nonce, int tagLen) {
        if (gcm && tagLen >= 12 && tagLen <= 16 && nonce.length > 0) return new GCMParameterSpec(8 * tagLen, nonce);
        if (!gcm && tagLen == 16 && nonce.length == 12) return new IvParameterSpec(nonce);
        throw new Failure("unsupported", "a nonce of " + nonce.length + " bytes with a tag of " + tagLen);
    }

    /** c initialised for mode; the provider's refusal of these lengths is "unsupported". */
    private Cipher init(Cipher c, int mode, byte[] nonce, int tagLen, byte[] aad) throws GeneralSecurityException {
        try {
            c.init(mode, key, spec(nonce, tagLen));
        } catch (InvalidAlgorithmParameterException | InvalidKeyException e) {
            throw new Failure("unsupported", e.toString());
        }
        c.updateAAD(aad);
        return c;
    }

    public Map<String, Object> call(String op, Map<String, Object> r) throws Exception {
        byte[] nonce = (byte[]) r.get("nonce"), aad = (byte[]) r.get("aad"), msg = (byte[]) r.get("msg");
        if (op.equals("seal")) {
            int tagLen = ((Number) r.get("tag_len")).intValue();
            byte[] ct = init(newCipher(), Cipher.ENCRYPT_MODE, nonce, tagLen, aad).doFinal(msg);
            return Map.of("out", Hex.of(Arrays.copyOf(ct, msg.length)),
                    "tag", Hex.of(Arrays.copyOfRange(ct, msg.length, ct.length)));
        }
        if (!op.equals("open")) throw new Failure("unsupported", op + " on an AEAD");
        byte[] tag = (byte[]) r.get("tag"), whole = Arrays.copyOf(msg, msg.length + tag.length);
        System.arraycopy(tag, 0, whole, msg.length, tag.length);
        try {
            Cipher c = newCipher();
            return Map.of("out", Hex.of(init(c, Cipher.DECRYPT_MODE, nonce, tag.length, aad).doFinal(whole)));
        } catch (AEADBadTagException e) {
            throw new Failure("auth", "the tag does not match");
        }
    }

    public Op bench(String op, int size) throws Exception {
        byte[] nonce = Server.random(12), aad = Server.random(13), msg = Server.random(size);
        byte[] out = new byte[size + 16];
        if (op.equals("seal")) {
            long[] count = {0};
            return () -> {
                long n = ++count[0];
                for (int i = 0; i < 8; i++) nonce[4 + i] = (byte) (n >>> (8 * i));
                return init(cipher, Cipher.ENCRYPT_MODE, nonce, 16, aad).doFinal(msg, 0, size, out, 0);
            };
        }
        byte[][] nonces = {nonce, Server.random(12)}, cts = new byte[2][];
        for (int i = 0; i < 2; i++)
            cts[i] = init(newCipher(), Cipher.ENCRYPT_MODE, nonces[i], 16, aad).doFinal(msg);
        int[] turn = {0};
        return () -> {
            int i = turn[0] ^= 1;
            return init(cipher, Cipher.DECRYPT_MODE, nonces[i], 16, aad).doFinal(cts[i], 0, size + 16, out, 0);
        };
    }

    public String provider() { return Jca.named(cipher.getProvider()); }
}
