// P256.java — what the JCA leaves to its callers for NIST P-256: the
// curve's parameters, whether a key is on it, a private key from its
// scalar, and the public key of a private key (y from x by the curve's
// equation, the sign chosen by an ECDSA signature that verifies).
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import javax.crypto.KeyAgreement;

final class P256 {
    static final ECParameterSpec PARAMS;

    static {
        try {
            AlgorithmParameters a = AlgorithmParameters.getInstance("EC");
            a.init(new ECGenParameterSpec("secp256r1"));
            PARAMS = a.getParameterSpec(ECParameterSpec.class);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private P256() {}

    /** Whether key is a P-256 key (any provider's class). */
    static boolean on(Object key) {
        if (!(key instanceof ECKey)) return false;
        ECParameterSpec p = ((ECKey) key).getParams();
        return p != null && p.getOrder().equals(PARAMS.getOrder()) && p.getGenerator().equals(PARAMS.getGenerator());
    }

    static PrivateKey privateKey(KeyFactory f, byte[] scalar) throws Exception {
        BigInteger d = new BigInteger(1, scalar);
        if (d.signum() == 0 || d.compareTo(PARAMS.getOrder()) >= 0) throw new Failure("invalid", "a scalar out of range");
        return f.generatePrivate(new ECPrivateKeySpec(d, PARAMS));
    }

    /** The uncompressed point (04 || x || y) of a public key. */
    static byte[] raw(PublicKey key) {
        ECPoint w = ((ECPublicKey) key).getW();
        byte[] out = new byte[65];
        out[0] = 4;
        put(w.getAffineX(), out, 1);
        put(w.getAffineY(), out, 33);
        return out;
    }

    private static void put(BigInteger v, byte[] out, int at) {
        byte[] b = v.toByteArray();
        int n = Math.min(b.length, 32);
        System.arraycopy(b, b.length - n, out, at + 32 - n, n);
    }

    /** priv's public key: x = the ECDH of priv with the generator; y from the curve, its sign
     *  the one under which priv's signature verifies. */
    static PublicKey publicOf(PrivateKey priv, KeyFactory f, KeyAgreement ka, Signature sig) throws Exception {
        ka.init(priv);
        ka.doPhase(f.generatePublic(new ECPublicKeySpec(PARAMS.getGenerator(), PARAMS)), true);
        BigInteger x = new BigInteger(1, ka.generateSecret());
        BigInteger p = ((java.security.spec.ECFieldFp) PARAMS.getCurve().getField()).getP();
        BigInteger rhs = x.pow(3).add(PARAMS.getCurve().getA().multiply(x)).add(PARAMS.getCurve().getB()).mod(p);
        BigInteger y = rhs.modPow(p.add(BigInteger.ONE).shiftRight(2), p);
        byte[] msg = {1};
        sig.initSign(priv);
        sig.update(msg);
        byte[] s = sig.sign();
        for (BigInteger cand : new BigInteger[] {y, p.subtract(y)}) {
            PublicKey pub = f.generatePublic(new ECPublicKeySpec(new ECPoint(x, cand), PARAMS));
            sig.initVerify(pub);
            sig.update(msg);
            if (sig.verify(s)) return pub;
        }
        throw new Failure("library", "no public key verifies the private key's signature");
    }
}
