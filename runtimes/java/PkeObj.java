// PkeObj.java — RSA-OAEP with SHA-256 and MGF1-SHA-256 ("RSA/ECB/OAEPPadding"
// with its OAEPParameterSpec given: the JDK's "OAEPWithSHA-256AndMGF1Padding"
// would take MGF1 with SHA-1) on 2048-bit keys with e = 65537; private keys
// as DER PKCS#8, public keys as DER SubjectPublicKeyInfo. The timed loops
// share one key pair, made once (key generation is the signature rows').
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

final class PkeObj implements Obj {
    static final int BITS = 2048;
    private static final Map<String, KeyPair> KEPT = new HashMap<>();
    private static final Set<String> UNCHECKED_REFUSALS = Set.of("DataLengthException", "ArrayIndexOutOfBoundsException");
    private final String variant;
    private final Cipher cipher;
    private PrivateKey priv;
    private PublicKey pub;

    PkeObj(String alg, String variant) throws Exception {
        this.variant = variant;
        cipher = Jca.get("RSA/ECB/OAEPPadding", variant, Cipher::getInstance, Cipher::getInstance);
    }

    /** A new RSA key pair of BITS with e = 65537 from variant's provider. */
    static KeyPair generate(String variant) throws Exception {
        KeyPairGenerator g = Jca.get("RSA", variant, KeyPairGenerator::getInstance, KeyPairGenerator::getInstance);
        g.initialize(new RSAKeyGenParameterSpec(BITS, RSAKeyGenParameterSpec.F4));
        return g.generateKeyPair();
    }

    /** An RSA key of BITS from its DER (PKCS#8 or SubjectPublicKeyInfo). */
    static <K> K load(String variant, byte[] der, boolean isPrivate) {
        try {
            KeyFactory f = Jca.get("RSA", variant, KeyFactory::getInstance, KeyFactory::getInstance);
            Object k = isPrivate ? f.generatePrivate(new PKCS8EncodedKeySpec(der)) : f.generatePublic(new X509EncodedKeySpec(der));
            if (((RSAKey) k).getModulus().bitLength() != BITS) throw new Failure("invalid", "not an RSA-" + BITS + " key");
            @SuppressWarnings("unchecked")
            K key = (K) k;
            return key;
        } catch (Failure f) {
            throw f;
        } catch (Exception e) {
            throw new Failure("invalid", e.toString());
        }
    }

    private static OAEPParameterSpec oaep(byte[] label) {
        return new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, new PSource.PSpecified(label));
    }

    private byte[] encrypt(byte[] msg, byte[] label) throws Exception {
        cipher.init(Cipher.ENCRYPT_MODE, pub, oaep(label));
        try {
            return cipher.doFinal(msg);
        } catch (IllegalBlockSizeException e) {
            throw new Failure("invalid", e.toString());
        }
    }

    private byte[] decrypt(byte[] ct, byte[] label) throws Exception {
        if (priv == null) throw new Failure("invalid", "no private key");
        cipher.init(Cipher.DECRYPT_MODE, priv, oaep(label));
        try {
            return cipher.doFinal(ct);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            throw new Failure("auth", e.toString());
        } catch (RuntimeException e) {
            // Bouncy Castle refuses a ciphertext not below the modulus, or longer
            // than it, with unchecked exceptions (DataLengthException,
            // ArrayIndexOutOfBoundsException "too much data for RSA block") where
            // the JCA has BadPaddingException and IllegalBlockSizeException: a
            // refusal all the same (docs/runtimes.md); any other one is not
            if (UNCHECKED_REFUSALS.contains(e.getClass().getSimpleName())) throw new Failure("auth", e.toString());
            throw e;
        }
    }

    private void keep(KeyPair k) {
        priv = k.getPrivate();
        pub = k.getPublic();
    }

    public Map<String, Object> call(String op, Map<String, Object> r) throws Exception {
        byte[] label = r.get("label") instanceof byte[] ? (byte[]) r.get("label") : new byte[0];
        switch (op) {
            case "keygen": keep(generate(variant)); return Map.of();
            case "set_private_key":
                RSAPrivateCrtKey k = load(variant, (byte[]) r.get("key"), true);
                priv = k;
                pub = Jca.get("RSA", variant, KeyFactory::getInstance, KeyFactory::getInstance)
                        .generatePublic(new RSAPublicKeySpec(k.getModulus(), k.getPublicExponent()));
                return Map.of();
            case "set_public_key": pub = load(variant, (byte[]) r.get("key"), false); priv = null; return Map.of();
            default: break;
        }
        if (op.equals("decrypt")) return Map.of("out", Hex.of(decrypt((byte[]) r.get("msg"), label)));
        if (pub == null) throw new Failure("invalid", "no public key");
        if (op.equals("get_public_key")) return Map.of("out", Hex.of(pub.getEncoded()));
        if (op.equals("encrypt")) return Map.of("out", Hex.of(encrypt((byte[]) r.get("msg"), label)));
        throw new Failure("unsupported", op + " on a public-key encryption");
    }

    public Op bench(String op, int size) throws Exception {
        KeyPair k = KEPT.get(variant);
        if (k == null) KEPT.put(variant, k = generate(variant));
        keep(k);
        byte[] msg = Server.random(size), none = new byte[0];
        if (op.equals("encrypt")) return () -> encrypt(msg, none).length;
        byte[] ct = encrypt(msg, none);
        return () -> decrypt(ct, none).length;
    }

    public String provider() { return Jca.named(cipher.getProvider()); }
}
