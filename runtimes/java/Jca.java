// Jca.java — the providers of the two variants: "jca" asks the JDK's
// installed providers in their configured order (SunJCE, SunEC, SUN, ...:
// java.security), "bouncycastle" asks Bouncy Castle's provider, loaded by
// name from the pinned jar on the class path (never installed globally, so
// it cannot serve a jca row). Without the jar its rows are unavailable.
import java.security.GeneralSecurityException;
import java.security.Provider;

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

    /** The engine of one JCA class, by name alone or from one provider. */
    interface Lookup<T> {
        T get(String name) throws GeneralSecurityException;
    }

    interface LookupIn<T> {
        T get(String name, Provider p) throws GeneralSecurityException;
    }

    /** name's engine for variant, e.g. get("SHA-256", v, MessageDigest::getInstance, MessageDigest::getInstance). */
    static <T> T get(String name, String variant, Lookup<T> any, LookupIn<T> in) throws GeneralSecurityException {
        Provider p = of(variant);
        return p == null ? any.get(name) : in.get(name, p);
    }

    /** "SunJCE 17" */
    static String named(Provider p) { return p.getName() + " " + p.getVersionStr(); }
}
