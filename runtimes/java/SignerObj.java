// SignerObj.java — Ed25519, ECDSA P-256 with SHA-256 (DER signatures) and
// RSA-PSS 2048 with SHA-256, MGF1-SHA-256 and a 32-byte salt ("RSASSA-PSS",
// its keys PkeObj's); public keys as DER SubjectPublicKeyInfo.
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Map;
import java.security.KeyFactory;

final class SignerObj implements Obj {
    private static final PSSParameterSpec PSS = new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
    private final boolean ed, rsa;
    private final String variant;
    private final Signature sig;
    private PrivateKey priv;
    private PublicKey pub;

    SignerObj(String alg, String variant) throws Exception {
        ed = alg.equals("ed25519");
        rsa = alg.equals("rsa-2048-pss-sha256");
        if (!ed && !rsa && !alg.equals("ecdsa-p256-sha256")) throw new Failure("unsupported", "no signature " + alg);
        this.variant = variant;
        sig = Jca.get(ed ? "Ed25519" : rsa ? "RSASSA-PSS" : "SHA256withECDSA", variant, Signature::getInstance, Signature::getInstance);
        if (rsa) sig.setParameter(PSS);
    }

    KeyPair generate() throws Exception {
        if (rsa) return PkeObj.generate(variant);
        KeyPairGenerator g = Jca.get(ed ? "Ed25519" : "EC", variant, KeyPairGenerator::getInstance, KeyPairGenerator::getInstance);
        if (!ed) g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private void keygen() throws Exception {
        KeyPair k = generate();
        priv = k.getPrivate();
        pub = k.getPublic();
    }

    private byte[] sign(byte[] msg) throws Exception {
        sig.update(msg);
        return sig.sign();
    }

    private boolean verify(byte[] msg, byte[] s) throws Exception {
        sig.update(msg);
        try {
            return sig.verify(s);
        } catch (SignatureException | IllegalArgumentException e) {
            sig.initVerify(pub); // a throwing verify leaves the object in no known state
            return false;
        }
    }

    private void setPublic(byte[] der) {
        if (rsa) {
            pub = PkeObj.load(variant, der, false);
            priv = null;
            return;
        }
        try {
            pub = Jca.get(ed ? "Ed25519" : "EC", variant, KeyFactory::getInstance, KeyFactory::getInstance).generatePublic(new X509EncodedKeySpec(der));
        } catch (Exception e) {
            throw new Failure("invalid", e.toString());
        }
        if (!ed && !P256.on(pub)) throw new Failure("invalid", "a key of another curve");
        priv = null;
    }

    public Map<String, Object> call(String op, Map<String, Object> r) throws Exception {
        switch (op) {
            case "keygen": keygen(); return Map.of();
            case "get_public_key":
                if (pub == null) throw new Failure("invalid", "no key");
                return Map.of("out", Hex.of(pub.getEncoded()));
            case "set_public_key": setPublic((byte[]) r.get("key")); return Map.of();
            case "sign":
                if (priv == null) throw new Failure("invalid", "no private key");
                sig.initSign(priv);
                return Map.of("sig", Hex.of(sign((byte[]) r.get("msg"))));
            case "verify":
                if (pub == null) throw new Failure("invalid", "no public key");
                sig.initVerify(pub);
                if (!verify((byte[]) r.get("msg"), (byte[]) r.get("tag"))) throw new Failure("auth", "the signature does not verify");
                return Map.of();
            default: throw new Failure("unsupported", op + " on a signature");
        }
    }

    public Op bench(String op, int size) throws Exception {
        byte[] msg = Server.random(size);
        keygen();
        if (op.equals("keygen")) return () -> generate().hashCode();
        sig.initSign(priv);
        if (op.equals("sign")) return () -> sign(msg).length;
        byte[] s = sign(msg);
        sig.initVerify(pub);
        return () -> {
            if (!verify(msg, s)) throw new Failure("library", "a good signature did not verify");
            return 1;
        };
    }

    public String provider() { return Jca.named(sig.getProvider()); }
}
