// KexObj.java — X25519 and ECDH P-256 (KeyAgreement): public keys raw
// (32 bytes; 04 || x || y) or DER SubjectPublicKeyInfo when the caller says
// so; a derive imports the peer's public key each time.
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Map;
import javax.crypto.KeyAgreement;
import java.security.Signature;

final class KexObj implements Obj {
    private static final byte[] X25519_SPKI = Hex.bytes("302a300506032b656e032100");
    private static final byte[] X25519_PKCS8 = Hex.bytes("302e020100300506032b656e04220420");
    private static final byte[] P256_SPKI = Hex.bytes("3059301306072a8648ce3d020106082a8648ce3d030107034200");
    private static final byte[] X25519_BASE = Hex.bytes("0900000000000000000000000000000000000000000000000000000000000000");
    private final boolean x;
    private final String variant;
    private final KeyFactory keys;
    private final KeyAgreement ka;
    private PrivateKey priv;
    private PublicKey pub;

    KexObj(String alg, String variant) throws Exception {
        x = alg.equals("x25519");
        if (!x && !alg.equals("ecdh-p256")) throw new Failure("unsupported", "no key agreement " + alg);
        this.variant = variant;
        keys = Jca.get(x ? "X25519" : "EC", variant, KeyFactory::getInstance, KeyFactory::getInstance);
        ka = Jca.get(x ? "X25519" : "ECDH", variant, KeyAgreement::getInstance, KeyAgreement::getInstance);
    }

    private KeyPair generate() throws Exception {
        KeyPairGenerator g = Jca.get(x ? "X25519" : "EC", variant, KeyPairGenerator::getInstance, KeyPairGenerator::getInstance);
        if (!x) g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private byte[] raw(PublicKey k) {
        if (!x) return P256.raw(k);
        byte[] der = k.getEncoded();
        return Arrays.copyOfRange(der, der.length - 32, der.length);
    }

    private PublicKey peer(byte[] peer, boolean spki) {
        PublicKey k;
        try {
            k = keys.generatePublic(new X509EncodedKeySpec(spki ? peer : concat(x ? X25519_SPKI : P256_SPKI, peer)));
        } catch (Exception e) {
            throw new Failure("invalid", e.toString());
        }
        if (!x && !P256.on(k)) throw new Failure("invalid", "a key of another curve");
        return k;
    }

    private byte[] derive(PublicKey peer) throws Exception {
        byte[] s;
        try {
            ka.init(priv);
            ka.doPhase(peer, true);
            s = ka.generateSecret();
        } catch (java.security.InvalidKeyException | IllegalStateException e) {
            throw new Failure("invalid", e.toString());
        }
        boolean zero = true;
        for (byte b : s) zero &= b == 0;
        if (x && zero) throw new Failure("invalid", "an all-zero shared secret");
        return s;
    }

    private void setPrivate(byte[] key) throws Exception {
        if (x) {
            if (key.length != 32) throw new Failure("invalid", "a key of " + key.length + " bytes");
            priv = keys.generatePrivate(new PKCS8EncodedKeySpec(concat(X25519_PKCS8, key)));
            pub = peer(derive(peer(X25519_BASE, false)), false); // X25519(k, 9): the public key
            return;
        }
        priv = P256.privateKey(keys, key);
        pub = P256.publicOf(priv, keys, ka, Jca.get("SHA256withECDSA", variant, Signature::getInstance, Signature::getInstance));
    }

    public Map<String, Object> call(String op, Map<String, Object> r) throws Exception {
        switch (op) {
            case "keygen": { KeyPair k = generate(); priv = k.getPrivate(); pub = k.getPublic(); return Map.of(); }
            case "set_private_key": setPrivate((byte[]) r.get("key")); return Map.of();
            case "get_public_key":
                if (pub == null) throw new Failure("invalid", "no key");
                return Map.of("out", Hex.of(raw(pub)));
            case "derive":
                if (priv == null) throw new Failure("invalid", "no key");
                return Map.of("out", Hex.of(derive(peer((byte[]) r.get("peer"), Boolean.TRUE.equals(r.get("peer_spki"))))));
            default: throw new Failure("unsupported", op + " on a key agreement");
        }
    }

    public Op bench(String op, int size) throws Exception {
        priv = generate().getPrivate();
        if (op.equals("keygen")) return () -> generate().hashCode();
        byte[] other = raw(generate().getPublic());
        return () -> derive(peer(other, false)).length;
    }

    public String provider() { return Jca.named(ka.getProvider()); }
}
