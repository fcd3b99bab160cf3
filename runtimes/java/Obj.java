// Obj.java — one object of a row (rows.json): it answers the protocol's
// calls on its handle (the vectors and the cross-check) and makes the
// operation one timed call runs (Bench), on inputs made once.
import java.util.Map;

interface Obj {
    /** One call of the protocol (op, and r's fields: byte strings already decoded). */
    Map<String, Object> call(String op, Map<String, Object> r) throws Exception;

    /** One timed operation of op at size bytes (the classes' definitions: docs/methodology.md). */
    Op bench(String op, int size) throws Exception;

    /** The provider that serves this object ("SunJCE 17"). */
    String provider();

    /** One timed operation; its result is kept so that the JIT cannot drop the work. */
    interface Op {
        int run() throws Exception;
    }
}
