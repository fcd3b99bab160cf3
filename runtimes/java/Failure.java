// Failure.java — a call's error with the kind the parent maps to a cm_rc
// ("auth", "invalid", "unsupported", "library": src/runtimes/runtime_proxy.c).
final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String kind;

    Failure(String kind, String why) {
        super(why);
        this.kind = kind;
    }
}
