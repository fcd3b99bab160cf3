// Jca.java — the providers of the two variants: "jca" asks the JDK's
// installed providers in their configured order (SunJCE, SunEC, SUN, ...:
// java.security), "bouncycastle" asks Bouncy Castle's provider, loaded by
// name from the pinned jar on the class path (never installed globally, so
// it cannot serve a jca row). Without the jar its rows are unavailable.
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;

final class Jca {
    static final String BC_CLASS = "org.bouncycastle.jce.provider.BouncyCastleProvider";
    private static Provider bc;
    private static String bcWhy;

    private Jca() {}

    /** Bouncy Castle's provider, or null with bcWhy(). */
    static synchronized Provider bouncyCastle() {
        if (bc == null && bcWhy == null) {
            try {
                bc = (Provider) Class.forName(BC_CLASS).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                bcWhy = "the Bouncy Castle jar (bcprov-jdk18on, runtimes/java/bcprov.lock) is not on the "
                        + "server's class path: it was not fetched from Maven Central (" + e + ")";
            }
        }
        return bc;
    }

    static String bcWhy() { return bcWhy; }

    /** The provider of variant: null (the JDK's own, in order) for "jca". */
    static Provider of(String variant) {
        if (!"bouncycastle".equals(variant)) return null;
        if (bouncyCastle() == null) throw new Failure("unsupported", bcWhy);
        return bc;
    }

    static MessageDigest digest(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? MessageDigest.getInstance(name) : MessageDigest.getInstance(name, p);
    }

    static Mac mac(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? Mac.getInstance(name) : Mac.getInstance(name, p);
    }

    static Cipher cipher(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? Cipher.getInstance(name) : Cipher.getInstance(name, p);
    }

    static Signature signature(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? Signature.getInstance(name) : Signature.getInstance(name, p);
    }

    static KeyPairGenerator keyPairs(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? KeyPairGenerator.getInstance(name) : KeyPairGenerator.getInstance(name, p);
    }

    static KeyFactory keys(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? KeyFactory.getInstance(name) : KeyFactory.getInstance(name, p);
    }

    static KeyAgreement agreement(String name, String variant) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? KeyAgreement.getInstance(name) : KeyAgreement.getInstance(name, p);
    }

    /** "SunJCE 17" */
    static String named(Provider p) { return p.getName() + " " + p.getVersionStr(); }
}
